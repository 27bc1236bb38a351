// Rotating the loopback token from outside the daemon (`hookd token rotate`, and `hookd doctor`
// when it finds another user on the port). Through the running daemon when it answers: it writes
// the new token and refuses the old one from that moment. Else in the state directory, which the
// next daemon reads; but never while a daemon runs that did not answer (busy, or serving another
// --socket), found through its lock: a new file beside a daemon holding the old token in memory
// left the old one valid, the opposite of a rotation (issue 29).
import { existsSync } from 'node:fs';
import { HookdError } from '../common/errors.js';
import { requestDaemon } from '../server/socket-client.js';
import { tokenFile, writeNewToken } from '../server/local-token.js';
import { securePaths } from './state-dir.js';
import { lockHolder } from './lock.js';
import type { Paths } from '../common/paths.js';

/** How the token was rotated: by the running daemon, in the file for the next one, or not at all because none was ever made. */
export type Rotated = 'by-daemon' | 'in-file' | 'none-yet';

/** Rotate the token of `paths`; throws ETOKEN, having written nothing, when a live daemon cannot be reached. */
export async function rotateToken(paths: Paths): Promise<Rotated> {
  let unanswered = '';
  const answer = await requestDaemon(paths.socket, 'POST', '/token/rotate').catch((error: unknown) => {
    unanswered = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return undefined;
  });
  if (answer && answer.status !== 200)
    throw new HookdError(
      'ETOKEN',
      `the daemon did not rotate the token (HTTP ${answer.status}); is it an older hookd? Restart it, then run this again`,
    );
  if (answer) return 'by-daemon';
  await refuseBehindLiveDaemon(paths, unanswered);
  writeNewToken(securePaths(paths).stateDir);
  return 'in-file';
}

/** As rotateToken, but where no token was ever made (no state directory yet) there is nothing to replace: nothing is created. */
export async function rotateTokenIfAny(paths: Paths): Promise<Rotated> {
  if (!existsSync(tokenFile(paths.stateDir))) return 'none-yet';
  return rotateToken(paths);
}

async function refuseBehindLiveDaemon(paths: Paths, why: string): Promise<void> {
  const holder = await lockHolder(paths.stateDir);
  if (holder.state === 'none') return;
  const who =
    holder.state === 'alive'
      ? `a hookd daemon (pid ${holder.pid}) runs on ${paths.stateDir}`
      : `the daemon lock of ${paths.stateDir} cannot be checked (${holder.code}), so a daemon may run there`;
  // A request the busy daemon reads later still rotates the token then: the daemon writes the file as it does, so the two agree either way.
  throw new HookdError(
    'ETOKEN',
    `${who}, but it did not answer on ${paths.socket} (${why}): the token was not rotated and nothing was written, the old token stays valid (unless the daemon reads the request later, then it rotates it itself). Run this again with the daemon's --socket (or HOOKD_SOCKET), or once it answers (hookd status)`,
  );
}
