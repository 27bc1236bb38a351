// `hookd token rotate`: replace the loopback token, through the running daemon when there is one,
// else in the state directory for the next daemon; never beside a daemon it cannot reach
// (daemon/rotate-token.ts says why). Agent clients keep the HOOKD_TOKEN they started with, so their
// http hooks are refused until they are restarted with the new one: the command says so.
import { resolvePaths } from '../common/paths.js';
import { tokenFile } from '../server/local-token.js';
import { rotateToken } from '../daemon/rotate-token.js';

export interface TokenOptions {
  stateDir?: string;
  socket?: string;
}

/** Rotate the token, through the daemon when it runs; refuse, writing nothing, when a daemon runs that cannot be reached. */
export async function rotateTokenCommand(options: TokenOptions): Promise<void> {
  const paths = resolvePaths(options);
  const rotated = await rotateToken(paths);
  const by =
    rotated === 'by-daemon'
      ? 'the running daemon refuses the old one from now on'
      : 'no daemon is running; the next one uses it';
  process.stdout.write(
    `a new token is in ${tokenFile(paths.stateDir)}; ${by}.\n` +
      `http hooks send the HOOKD_TOKEN their agent client started with: export it again (export HOOKD_TOKEN="$(cat '${tokenFile(paths.stateDir)}')") and restart the clients.\n`,
  );
}
