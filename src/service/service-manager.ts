// The two service managers hookd installs into: systemd (user instance) on Linux and launchd on
// macOS. Each knows its file, renders it, says whether it can be reached, and (de)activates it.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { HookdError } from '../common/errors.js';
import { renderSystemdUnit } from './render-systemd-unit.js';
import { LAUNCH_AGENT_LABEL, renderLaunchAgent } from './render-launch-agent.js';
import type { ServiceSpec } from './service-spec.js';

export interface ServiceManager {
  name: string;
  file: string;
  render(spec: ServiceSpec): string;
  /** undefined when the manager answers, else why not. */
  unavailable(): Promise<string | undefined>;
  /** Enable and start; `changed` means the file is new or different, so a running service restarts. */
  activate(changed: boolean): Promise<void>;
  deactivate(): Promise<void>;
  /** Tell the manager the file is gone. */
  forget(): Promise<void>;
  /** A word such as active, inactive, failed, running, not loaded. */
  state(): Promise<string>;
}

async function run(program: string, args: string[]) {
  const result = await execa(program, args, { reject: false, timeout: 30_000, stdin: 'ignore' });
  const output = `${String(result.stderr)}\n${String(result.stdout)}`.trim().split('\n')[0] ?? '';
  const missing = (result as { code?: string }).code === 'ENOENT';
  return { ok: result.exitCode === 0, missing, output, stdout: String(result.stdout).trim() };
}

async function mustRun(program: string, args: string[]): Promise<void> {
  const result = await run(program, args);
  if (!result.ok) throw new HookdError('ESERVICE', `${program} ${args.join(' ')} failed: ${result.output || 'no output'}`);
}

function systemd(env: NodeJS.ProcessEnv): ServiceManager {
  const unit = 'hookd.service';
  const user = (...args: string[]) => ['--user', ...args];
  return {
    name: 'systemd (user instance)',
    file: path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'systemd', 'user', unit),
    render: renderSystemdUnit,
    async unavailable() {
      const result = await run('systemctl', user('show-environment'));
      if (result.missing) return 'systemctl is not installed: this system does not run systemd';
      return result.ok ? undefined : `the systemd user manager cannot be reached (${result.output}); a container or CI job usually has none`;
    },
    async activate(changed) {
      const wasActive = (await run('systemctl', user('is-active', unit))).stdout === 'active';
      await mustRun('systemctl', user('daemon-reload'));
      await mustRun('systemctl', user('enable', '--now', unit));
      if (changed && wasActive) await mustRun('systemctl', user('restart', unit));
    },
    async deactivate() {
      // Not loaded or already stopped is fine: the aim is "not running".
      await run('systemctl', user('disable', '--now', unit));
    },
    async forget() {
      await run('systemctl', user('daemon-reload'));
    },
    async state() {
      const result = await run('systemctl', user('is-active', unit));
      return result.stdout || 'unknown';
    },
  };
}

function launchd(): ServiceManager {
  const domain = `gui/${process.getuid?.() ?? 0}`;
  const file = path.join(homedir(), 'Library', 'LaunchAgents', `${LAUNCH_AGENT_LABEL}.plist`);
  const logFile = path.join(homedir(), 'Library', 'Logs', 'hookd', 'daemon.log');
  const loaded = async () => (await run('launchctl', ['print', `${domain}/${LAUNCH_AGENT_LABEL}`])).ok;
  return {
    name: 'launchd',
    file,
    render: (spec) => renderLaunchAgent(spec, logFile),
    async unavailable() {
      const result = await run('launchctl', ['print', domain]);
      if (result.missing) return 'launchctl is not installed';
      return result.ok ? undefined : `launchd's ${domain} domain cannot be reached (${result.output}); log in to the desktop session first`;
    },
    async activate(changed) {
      mkdirSync(path.dirname(logFile), { recursive: true });
      if (await loaded()) {
        if (!changed) return;
        // launchd reads the plist only when bootstrapped: load the new one in place of the old.
        await run('launchctl', ['bootout', `${domain}/${LAUNCH_AGENT_LABEL}`]);
      }
      await mustRun('launchctl', ['bootstrap', domain, file]);
    },
    async deactivate() {
      await run('launchctl', ['bootout', `${domain}/${LAUNCH_AGENT_LABEL}`]);
    },
    async forget() {
      // launchd forgets an agent when it is booted out.
    },
    async state() {
      const result = await run('launchctl', ['print', `${domain}/${LAUNCH_AGENT_LABEL}`]);
      if (!result.ok) return 'not loaded';
      return /state = (\w+)/.exec(result.stdout)?.[1] ?? 'loaded';
    },
  };
}

/** The service manager of this platform. */
export function serviceManager(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): ServiceManager {
  if (platform === 'darwin') return launchd();
  if (platform === 'linux') return systemd(env);
  throw new HookdError('EPLATFORM', `hookd service supports Linux (systemd) and macOS (launchd), not ${platform}; run hookd daemon under your own supervisor`);
}
