// `hookd dashboard`: ask the daemon for a one-time link to its live page, and open it in a browser
// where one can be shown (a display, or macOS), else print it. The link never goes on a command
// line, which every local user can read in /proc/PID/cmdline (another user polled it and signed in
// first, issue 21): the browser is given a private file in the state directory (0600, the
// directory 0700) that sends it on to the link. Opening is a courtesy: it never fails the command.
import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolvePaths } from '../common/paths.js';
import { HookdError, fail } from '../common/errors.js';
import { requestDaemon, type DaemonResponse } from '../server/socket-client.js';

export interface DashboardOptions {
  stateDir?: string;
  socket?: string;
  /** commander's --no-open. */
  open: boolean;
}

/** The program that opens a file in a browser here, or undefined when no browser can be shown. */
export function opener(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (platform === 'darwin') return 'open';
  if (platform === 'win32') return undefined;
  return env.DISPLAY || env.WAYLAND_DISPLAY ? 'xdg-open' : undefined;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Write the private page that sends a browser on to `url`; its path holds no secret. */
export function writeLinkFile(stateDir: string, url: string): string {
  const file = path.join(stateDir, 'dashboard-link.html');
  const href = escapeHtml(url);
  writeFileSync(
    file,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=${href}"><title>hookd</title><a href="${href}">Open hookd's live page</a>\n`,
    { mode: 0o600 },
  );
  chmodSync(file, 0o600);
  return file;
}

// Whether a browser was started on `file` (its spawn succeeded).
function openInBrowser(program: string, file: string): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const child = spawn(program, [file], { detached: true, stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('spawn', () => (child.unref(), resolve(true)));
    } catch {
      resolve(false);
    }
  });
}

/** Open (or print) a one-time link to the daemon's live page. */
export async function dashboardCommand(options: DashboardOptions): Promise<void> {
  const paths = resolvePaths(options);
  let response: DaemonResponse;
  try {
    response = await requestDaemon(paths.socket, 'POST', '/dashboard-ticket');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw fail('ENODAEMON', { needs: 'the dashboard is served by the daemon', socket: paths.socket, why });
  }
  const url = (response.body as { url?: unknown })?.url;
  if (response.status !== 201 || typeof url !== 'string')
    throw new HookdError('EDASHBOARD', `the daemon did not give a dashboard link (HTTP ${response.status})`);
  const program = options.open ? opener() : undefined;
  if (program) {
    const file = writeLinkFile(paths.stateDir, url);
    if (await openInBrowser(program, file)) {
      process.stderr.write(
        `Opened the live page in a browser (through ${file}, which only you can read). For a link to paste instead: hookd dashboard --no-open\n`,
      );
      return;
    }
  }
  process.stdout.write(`${url}\n`);
  process.stderr.write('This link signs one browser in, once; run hookd dashboard again for another.\n');
}
