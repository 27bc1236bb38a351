// The macOS LaunchAgent (a property list) that runs `hookd daemon`.
import type { ServiceSpec } from './service-spec.js';

export const LAUNCH_AGENT_LABEL = 'dev.hookd.daemon';

const escapeXml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const string = (value: string) => `<string>${escapeXml(value)}</string>`;

/** The text of the LaunchAgent plist for `spec`, logging to `logFile`. */
export function renderLaunchAgent(spec: ServiceSpec, logFile: string): string {
  const env = Object.entries(spec.env).map(([name, value]) => `      <key>${escapeXml(name)}</key>${string(value)}`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- Written by \`hookd service install\`; \`hookd service uninstall\` removes it. -->
<plist version="1.0">
  <dict>
    <key>Label</key>${string(LAUNCH_AGENT_LABEL)}
    <key>ProgramArguments</key>
    <array>
      ${[spec.node, spec.script, 'daemon'].map(string).join('\n      ')}
    </array>
    <key>RunAtLoad</key><true/>
    <key>KeepAlive</key><true/>
    <key>ProcessType</key>${string('Background')}
    <key>StandardOutPath</key>${string(logFile)}
    <key>StandardErrorPath</key>${string(logFile)}
    <key>EnvironmentVariables</key>
    <dict>
${env.join('\n')}
    </dict>
  </dict>
</plist>
`;
}
