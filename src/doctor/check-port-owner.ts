// Before doctor posts a probe with the token, it asks the kernel who listens where the http hooks
// go (os/listener-owner.ts): another user (who would receive the token, and every hook), or another
// process of this user that is not the daemon (whose answers would otherwise read as "the daemon
// refused the token" or "no outcome came"). Only when the daemon holds the port is the token sent.
// Another user's listener means the token may have gone there already: doctor rotates it.
import { requestDaemon } from '../server/socket-client.js';
import { tokenFile } from '../server/local-token.js';
import { rotateTokenIfAny } from '../daemon/rotate-token.js';
import { holdersOf, listenersOn, userName, type Listener } from '../os/os.js';
import type { Paths } from '../common/paths.js';
import type { Check } from './checks.js';

const NAME = 'port owner';
// The listening addresses a connection to each name can reach (`localhost` may be either family).
const REACHED: Record<string, readonly string[]> = {
  '127.0.0.1': ['127.0.0.1', '0.0.0.0', '::', '::ffff:127.0.0.1', '::ffff:0.0.0.0'],
  localhost: ['127.0.0.1', '0.0.0.0', '::', '::ffff:127.0.0.1', '::ffff:0.0.0.0', '::1'],
};

async function daemonPid(paths: Paths): Promise<number | undefined> {
  const answer = await requestDaemon(paths.socket, 'GET', '/status').catch(() => undefined);
  const pid = (answer?.body as { pid?: unknown } | undefined)?.pid;
  return typeof pid === 'number' ? pid : undefined;
}

// Rotate through the daemon when it runs, else in the state directory; what happened, as words.
// Never a crash: a state directory not made yet has no token to rotate, and a rotation that could
// not be done is said, not thrown (doctor reports every check).
async function rotate(paths: Paths): Promise<string> {
  try {
    const rotated = await rotateTokenIfAny(paths);
    if (rotated === 'none-yet')
      return `no token has been made yet (${tokenFile(paths.stateDir)} does not exist), so none can have gone there`;
    return `the token was rotated: export HOOKD_TOKEN="$(cat '${tokenFile(paths.stateDir)}')" again and restart the agent clients`;
  } catch (error) {
    return `the token could NOT be rotated (${(error as Error).message}): run hookd token rotate`;
  }
}

/** Who listens on `host:port`: a failed check when it is not the daemon (nothing is sent then), else ok. */
export async function checkPortOwner(paths: Paths, host: string, port: number): Promise<Check> {
  const listeners = listenersOn(port);
  if (listeners === undefined)
    return {
      name: NAME,
      ok: true,
      detail: `this system has no /proc/net to say who listens on ${host}:${port}; the probe goes there unchecked`,
    };
  const reached = listeners.filter((listener) => (REACHED[host] ?? REACHED.localhost!).includes(listener.address));
  const me = process.getuid!();
  const foreign = reached.filter((listener) => listener.uid !== me);
  if (foreign.length) {
    const who = foreign
      .map((listener: Listener) => `${userName(listener.uid)} on ${listener.address}:${port}`)
      .join(', ');
    return {
      name: NAME,
      ok: false,
      detail: `another user listens where the http hooks go (${who}): doctor did not send the token there; it may have received hooks and their token already, so ${await rotate(paths)}`,
      fix: `ask who runs it to stop, or move hookd to another port (hookd install --transport http --tcp-port N, and the same HOOKD_TCP_PORT for the daemon); the bridge transport is not affected`,
    };
  }
  if (!reached.length) return { name: NAME, ok: true, detail: `nothing listens on ${host}:${port} yet` };
  const pid = await daemonPid(paths);
  const holders = reached.flatMap(holdersOf);
  if (pid === undefined || holders.some((holder) => holder.pid === pid))
    return { name: NAME, ok: true, detail: `the hookd daemon${pid ? ` (pid ${pid})` : ''} listens on ${host}:${port}` };
  const others = holders.length
    ? holders.map((holder) => `pid ${holder.pid} (${holder.command})`).join(', ')
    : 'a process this user cannot see';
  return {
    name: NAME,
    ok: false,
    detail: `${host}:${port} is held by ${others}, not by the hookd daemon (pid ${pid}): the http hooks go there, and doctor did not send the token`,
    fix: `stop that process, or give hookd another port (hookd install --transport http --tcp-port N, and the same HOOKD_TCP_PORT for the daemon)`,
  };
}
