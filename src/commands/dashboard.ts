// `hookd dashboard`: ask the daemon for a one-time link to its live page, print it, and open it in
// a browser where one can be opened (a display, or macOS). Opening is a courtesy: it never fails
// the command, and the printed link always works.
import { spawn } from 'node:child_process';
import { resolvePaths } from '../common/paths.js';
import { CheckFailed, HookdError } from '../common/errors.js';
import { requestDaemon, type DaemonResponse } from '../daemon/socket-client.js';

export interface DashboardOptions {
  stateDir?: string;
  socket?: string;
  /** commander's --no-open. */
  open: boolean;
}

/** The program that opens a URL here, or undefined when no browser can be shown. */
export function opener(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (platform === 'darwin') return 'open';
  if (platform === 'win32') return undefined;
  return env.DISPLAY || env.WAYLAND_DISPLAY ? 'xdg-open' : undefined;
}

function openInBrowser(url: string): void {
  const program = opener();
  if (!program) return;
  try {
    const child = spawn(program, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener installed: the printed link is enough.
  }
}

/** Print (and open) a one-time link to the daemon's live page. */
export async function dashboardCommand(options: DashboardOptions): Promise<void> {
  const paths = resolvePaths(options);
  let response: DaemonResponse;
  try {
    response = await requestDaemon(paths.socket, 'POST', '/dashboard-ticket');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CheckFailed(`the dashboard is served by the daemon, and it is not running (no answer on ${paths.socket}: ${why}); start it with: hookd daemon`);
  }
  const url = (response.body as { url?: unknown })?.url;
  if (response.status !== 201 || typeof url !== 'string') throw new HookdError('EDASHBOARD', `the daemon did not give a dashboard link (HTTP ${response.status})`);
  process.stdout.write(`${url}\n`);
  process.stderr.write('This link signs one browser in, once; run hookd dashboard again for another.\n');
  if (options.open) openInBrowser(url);
}
