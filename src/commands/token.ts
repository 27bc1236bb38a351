// `hookd token rotate`: replace the loopback token. Through the running daemon when there is one
// (it writes the new token and refuses the old one from that moment), else in the state directory
// directly (the next daemon reads it); never into the file while a daemon it cannot reach runs.
// Agent clients keep the HOOKD_TOKEN they started with, so their http hooks are refused until they
// are restarted with the new one: the command says so.
import { resolvePaths } from '../common/paths.js';
import { HookdError } from '../common/errors.js';
import { requestDaemon } from '../server/socket-client.js';
import { tokenFile, writeNewToken } from '../server/local-token.js';
import { securePaths } from '../daemon/state-dir.js';
import { lockHolder } from '../daemon/lock.js';

export interface TokenOptions {
  stateDir?: string;
  socket?: string;
}

/** Rotate the token, through the daemon when it runs; refuse, writing nothing, when a daemon runs that cannot be reached. */
export async function rotateTokenCommand(options: TokenOptions): Promise<void> {
  const paths = resolvePaths(options);
  let unanswered = '';
  const answer = await requestDaemon(paths.socket, 'POST', '/token/rotate').catch((error: unknown) => {
    unanswered = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return undefined;
  });
  if (answer && answer.status !== 200) throw new HookdError('ETOKEN', `the daemon did not rotate the token (HTTP ${answer.status}); is it an older hookd? Restart it, then run this again`);
  if (!answer) await refuseBehindLiveDaemon(paths.stateDir, paths.socket, unanswered);
  const by = answer ? 'the running daemon refuses the old one from now on' : 'no daemon is running; the next one uses it';
  if (!answer) writeNewToken(securePaths(paths).stateDir);
  process.stdout.write(
    `a new token is in ${tokenFile(paths.stateDir)}; ${by}.\n` +
      `http hooks send the HOOKD_TOKEN their agent client started with: export it again (export HOOKD_TOKEN="$(cat '${tokenFile(paths.stateDir)}')") and restart the clients.\n`,
  );
}

// A new token in the file while a daemon still holds the old one in memory would leave the old one
// valid, the opposite of a rotation (issue 29): the daemon that did not answer on the socket (busy,
// or serving another --socket) is found through its lock, and nothing is written.
async function refuseBehindLiveDaemon(stateDir: string, socket: string, why: string): Promise<void> {
  const holder = await lockHolder(stateDir);
  if (holder.state === 'none') return;
  const who = holder.state === 'alive' ? `a hookd daemon (pid ${holder.pid}) runs on ${stateDir}` : `the daemon lock of ${stateDir} cannot be checked (${holder.code}), so a daemon may run there`;
  // A request the busy daemon reads later still rotates the token then: the daemon writes the file as it does, so the two agree either way.
  throw new HookdError('ETOKEN', `${who}, but it did not answer on ${socket} (${why}): the token was not rotated and nothing was written, the old token stays valid (unless the daemon reads the request later, then it rotates it itself). Run this again with the daemon's --socket (or HOOKD_SOCKET), or once it answers (hookd status)`);
}
