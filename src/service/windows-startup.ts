// The service on Windows: a script in the user's Startup folder, which Windows runs at each logon of
// that user, with the user's own environment. Chosen over a Task Scheduler logon task: it needs no
// rights a standard user may lack (schtasks /create /sc onlogon asks for an administrator) and no XML,
// and it is a plain file the user can read, and remove to undo. What Task Scheduler would add
// (restart on failure) the script does itself: the daemon starts again a few seconds after it
// exits with an error, and the loop ends when it stops cleanly (exit 0, `hookd daemon`'s own stop).
// The daemon leaves nothing behind when it dies (its pipes go with it), so a restart always starts.
import { existsSync, mkdirSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { homedir } from 'node:os';
import type { ServiceManager } from './service-manager.js';
import type { ServiceSpec } from './service-spec.js';

export const STARTUP_SCRIPT = 'hookd-daemon.cmd';

/** The user's Startup folder (`%APPDATA%\Microsoft\Windows\Start Menu\Programs\Startup`). */
export function startupFolder(env: NodeJS.ProcessEnv): string {
  const roaming = env.APPDATA || path.join(homedir(), 'AppData', 'Roaming');
  return path.join(roaming, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Startup');
}

// A batch file reads %NAME% in a value: doubled, a % stays a %.
const batchValue = (value: string) => value.replaceAll('%', '%%');

/** The Startup script for `spec`: CRLF line ends, as cmd reads a batch file. */
export function renderStartupScript(spec: ServiceSpec): string {
  // The logon environment has the user's own Path: a copy frozen here would only go stale.
  const vars = Object.entries(spec.env).filter(([name]) => name.toUpperCase() !== 'PATH');
  return [
    '@echo off',
    'rem Written by `hookd service install`; `hookd service uninstall` removes it.',
    'rem Runs the hookd daemon at logon, again 5 s after it fails, until it stops cleanly.',
    ...vars.map(([name, value]) => `set "${name}=${batchValue(value)}"`),
    ':run',
    `"${spec.node}" "${batchValue(spec.script)}" daemon`,
    'if errorlevel 1 (',
    '  timeout /t 5 /nobreak >nul',
    '  goto run',
    ')',
    '',
  ].join('\r\n');
}

/** Windows' "service manager": the Startup folder. */
export function windowsStartup(env: NodeJS.ProcessEnv): ServiceManager {
  const file = path.join(startupFolder(env), STARTUP_SCRIPT);
  return {
    name: 'the Startup folder',
    files: [file],
    render: (spec) => [{ file, text: renderStartupScript(spec) }],
    async unavailable() {
      return undefined;
    },
    async activate() {
      mkdirSync(path.dirname(file), { recursive: true });
      // Started now as at logon: its own process, no window, not this command's child.
      spawn(env.ComSpec ?? 'cmd.exe', ['/d', '/c', file], {
        detached: true,
        stdio: 'ignore',
        windowsHide: true,
      }).unref();
    },
    async deactivate() {
      // A running daemon is not stopped here (Windows has no signal to ask it with); it ends at logoff.
    },
    async forget() {
      // Windows reads the folder at each logon: a script removed is forgotten.
    },
    async state() {
      return existsSync(file) ? 'installed, runs at logon' : 'not installed';
    },
    async holdsPort() {
      return { held: false, detail: 'the Startup folder holds no port: the daemon binds its own when it starts' };
    },
  };
}
