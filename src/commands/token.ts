// `hookd token rotate`: replace the loopback token. Through the running daemon when there is one
// (it writes the new token and refuses the old one from that moment), else in the state directory
// directly (the next daemon reads it). Agent clients keep the HOOKD_TOKEN they started with, so
// their http hooks are refused until they are restarted with the new one: the command says so.
import { resolvePaths } from '../common/paths.js';
import { HookdError } from '../common/errors.js';
import { requestDaemon } from '../server/socket-client.js';
import { tokenFile, writeNewToken } from '../server/local-token.js';
import { securePaths } from '../daemon/state-dir.js';

export interface TokenOptions {
  stateDir?: string;
  socket?: string;
}

/** Rotate the token, through the daemon when it runs. */
export async function rotateTokenCommand(options: TokenOptions): Promise<void> {
  const paths = resolvePaths(options);
  const answer = await requestDaemon(paths.socket, 'POST', '/token/rotate').catch(() => undefined);
  if (answer && answer.status !== 200) throw new HookdError('ETOKEN', `the daemon did not rotate the token (HTTP ${answer.status}); is it an older hookd? Restart it, then run this again`);
  const by = answer ? 'the running daemon refuses the old one from now on' : 'no daemon is running; the next one uses it';
  if (!answer) writeNewToken(securePaths(paths).stateDir);
  process.stdout.write(
    `a new token is in ${tokenFile(paths.stateDir)}; ${by}.\n` +
      `http hooks send the HOOKD_TOKEN their agent client started with: export it again (export HOOKD_TOKEN="$(cat '${tokenFile(paths.stateDir)}')") and restart the clients.\n`,
  );
}
