// The service managers hookd installs into: systemd (user instance) on Linux, launchd on macOS, and
// on Windows the Startup folder (windows-startup.ts). Each knows its files, renders them, says whether it can be reached, (de)activates them,
// and says whether it holds the hook endpoint's port while the daemon is down.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { HookdError } from '../common/errors.js';
import { renderSystemdUnit } from './render-systemd-unit.js';
import { renderSystemdSocket, SOCKET_UNIT } from './render-systemd-socket.js';
import { LAUNCH_AGENT_LABEL, renderLaunchAgent } from './render-launch-agent.js';
import type { ServiceSpec } from './service-spec.js';
import { windowsStartup } from './windows-startup.js';

/** One file a service manager installs, and its text. */
export interface ServiceFile {
  file: string;
  text: string;
}

export interface ServiceManager {
  name: string;
  /** The files it installs, the service's own first. */
  files: readonly string[];
  /** The text of each of `files`, in the same order. */
  render(spec: ServiceSpec): ServiceFile[];
  /** undefined when the manager answers, else why not. */
  unavailable(): Promise<string | undefined>;
  /** Enable and start; `changed` are the files that are new or different, so a running service restarts. */
  activate(changed: readonly string[]): Promise<void>;
  deactivate(): Promise<void>;
  /** Tell the manager the files are gone. */
  forget(): Promise<void>;
  /** A word such as active, inactive, failed, running, not loaded. */
  state(): Promise<string>;
  /** Whether the manager holds the hook endpoint's port while the daemon is down, and what that means, in a sentence. */
  holdsPort(port: number): Promise<{ held: boolean; detail: string }>;
}

// node:child_process rather than execa: doctor and status ask the manager on every run, and
// loading execa cost each about 90 ms of CPU for a few short commands.
function run(program: string, args: string[]) {
  return new Promise<{ ok: boolean; missing: boolean; output: string; stdout: string }>((resolve) => {
    const child = execFile(program, args, { timeout: 30_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const said = `${stderr}\n${stdout}`.trim().split('\n')[0];
      const missing = (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
      resolve({ ok: !error, missing, output: said || (error?.message ?? ''), stdout: stdout.trim() });
    });
    child.stdin?.end();
  });
}

async function mustRun(program: string, args: string[]): Promise<void> {
  const result = await run(program, args);
  if (!result.ok)
    throw new HookdError('ESERVICE', `${program} ${args.join(' ')} failed: ${result.output || 'no output'}`);
}

function systemd(env: NodeJS.ProcessEnv): ServiceManager {
  const unit = 'hookd.service';
  const user = (...args: string[]) => ['--user', ...args];
  const dir = path.join(env.XDG_CONFIG_HOME || path.join(homedir(), '.config'), 'systemd', 'user');
  const [unitFile, socketFile] = [path.join(dir, unit), path.join(dir, SOCKET_UNIT)];
  return {
    name: 'systemd (user instance)',
    files: [unitFile, socketFile],
    render: (spec) => [
      { file: unitFile, text: renderSystemdUnit(spec) },
      { file: socketFile, text: renderSystemdSocket(spec.port) },
    ],
    async unavailable() {
      const result = await run('systemctl', user('show-environment'));
      if (result.missing) return 'systemctl is not installed: this system does not run systemd';
      return result.ok
        ? undefined
        : `the systemd user manager cannot be reached (${result.output}); a container or CI job usually has none`;
    },
    async activate(changed) {
      const wasActive = (await run('systemctl', user('is-active', unit))).stdout === 'active';
      await mustRun('systemctl', user('daemon-reload'));
      // A socket on another port (or a first socket) must be bound anew, and a running daemon
      // holds the old one: stop both, then start them together.
      const socketChanged = changed.includes(socketFile);
      if (socketChanged) await run('systemctl', user('stop', unit, SOCKET_UNIT));
      await mustRun('systemctl', user('enable', '--now', SOCKET_UNIT, unit));
      // Only the daemon restarts: the socket keeps its port, and requests wait meanwhile.
      if (changed.length && wasActive && !socketChanged) await mustRun('systemctl', user('restart', unit));
    },
    async deactivate() {
      // Not loaded or already stopped is fine: the aim is "not running".
      await run('systemctl', user('disable', '--now', SOCKET_UNIT, unit));
    },
    async forget() {
      await run('systemctl', user('daemon-reload'));
    },
    async state() {
      const result = await run('systemctl', user('is-active', unit));
      return result.stdout || 'unknown';
    },
    async holdsPort(port) {
      const active = (await run('systemctl', user('is-active', SOCKET_UNIT))).stdout === 'active';
      if (active)
        return {
          held: true,
          detail: `${SOCKET_UNIT} holds 127.0.0.1:${port}: an http hook sent while the daemon restarts waits for it`,
        };
      return {
        held: false,
        detail: `${SOCKET_UNIT} is not active, so nothing holds 127.0.0.1:${port} while the daemon is down: an http hook sent then is lost (the bridge is the safe choice); hookd service install writes and starts it`,
      };
    },
  };
}

// launchd can hold a socket (the plist's Sockets key), but the daemon would have to ask for it
// with launch_activate_socket(3), a C call Node cannot make without a native addon: a Sockets key
// would only hold the port away from the daemon, so the LaunchAgent has none.
export const LAUNCHD_CANNOT_HOLD =
  'launchd cannot pass hookd the port (taking it needs launch_activate_socket(3), which Node cannot call without a native addon hookd does not ship), so an http hook sent while the daemon restarts is lost: the bridge is the safe choice';

function launchd(): ServiceManager {
  const domain = `gui/${process.getuid?.() ?? 0}`;
  const file = path.join(homedir(), 'Library', 'LaunchAgents', `${LAUNCH_AGENT_LABEL}.plist`);
  const logFile = path.join(homedir(), 'Library', 'Logs', 'hookd', 'daemon.log');
  const loaded = async () => (await run('launchctl', ['print', `${domain}/${LAUNCH_AGENT_LABEL}`])).ok;
  return {
    name: 'launchd',
    files: [file],
    render: (spec) => [{ file, text: renderLaunchAgent(spec, logFile) }],
    async unavailable() {
      const result = await run('launchctl', ['print', domain]);
      if (result.missing) return 'launchctl is not installed';
      return result.ok
        ? undefined
        : `launchd's ${domain} domain cannot be reached (${result.output}); log in to the desktop session first`;
    },
    async activate(changed) {
      mkdirSync(path.dirname(logFile), { recursive: true, mode: 0o700 });
      if (await loaded()) {
        if (!changed.length) return;
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
    async holdsPort() {
      return { held: false, detail: LAUNCHD_CANNOT_HOLD };
    },
  };
}

/** The service manager of this platform. */
export function serviceManager(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ServiceManager {
  if (platform === 'darwin') return launchd();
  if (platform === 'linux') return systemd(env);
  if (platform === 'win32') return windowsStartup(env);
  throw new HookdError(
    'EPLATFORM',
    `hookd service supports Linux (systemd), macOS (launchd) and Windows (the Startup folder), not ${platform}; run hookd daemon under your own supervisor`,
  );
}
