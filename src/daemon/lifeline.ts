// Someone deleted the state directory or the socket, took our lock or socket, changed where the
// state directory's path leads, or took our access to it: carrying on would leave a daemon nobody
// can reach, or one reading another directory than the bridge writes to. Stop with the real
// reason instead (the service manager starts a fresh daemon, which checks the path anew).
// The check runs when a watch on those files says something changed (holdings-watch.ts), and
// otherwise once a minute, for what no watch sees: an idle daemon is not woken every 2 s (issue 24).
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import type { Logger } from '../common/logger.js';
import type { Paths } from '../common/paths.js';
import type { DaemonLock } from './lock.js';
import { stillClaimed, type Claimed } from '../server/socket-claim.js';
import { watchHoldings } from './holdings-watch.js';
import type { Component } from './lifecycle.js';

// How often the daemon checks its state directory and socket without a watch event; every 2 s
// when a watch could not be set up (no inotify watches left).
const LIFELINE_MS = 60_000;
const UNWATCHED_MS = 2000;
// A watch event is checked this long after it, once however many came: an `rm -r` of the state
// directory is seen whole (and named so), not as the first file it removed.
const SETTLE_MS = 200;

/** What the daemon holds: the paths as given and as used (real), its lock and its socket. */
export interface Holdings {
  given: Paths;
  used: Paths;
  lock: DaemonLock;
  socket: Claimed;
  /** The state directory itself: one made anew at its path (by the inbox's own repair) is not the one the daemon holds. */
  stateDirId: Claimed;
}

const DELETED = 'was deleted while the daemon ran; stopping (start it again to recreate it)';

function denied(what: string, dir: string): string {
  return `${what}: permission denied: the daemon can no longer reach its files (was the mode of ${dir} changed? run: chmod 700 '${dir}'); stopping`;
}

/** Why a claimed socket file no longer serves us, or undefined while it does. */
function claimLost(what: string, state: true | string, stateDir: string): string | undefined {
  if (state === true) return undefined;
  if (state === 'gone') return `${what} ${DELETED}`;
  if (state === 'replaced') return `${what} was replaced (by another daemon?) while the daemon ran; stopping`;
  return state === 'EACCES' ? denied(what, stateDir) : `${what} cannot be checked (${state}); stopping`;
}

/** Why the daemon must stop, or undefined while all is well. */
function lostReason({ given, used, lock, socket, stateDirId }: Holdings): string | undefined {
  const dir = given.stateDir;
  let leadsTo: string;
  try {
    leadsTo = realpathSync(dir);
    const now = statSync(used.stateDir);
    if (now.ino !== stateDirId.ino || now.dev !== stateDirId.dev) return `${dir} ${DELETED}`;
    accessSync(used.stateDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? `${dir} ${DELETED}`
      : code === 'EACCES'
        ? denied(dir, dir)
        : `${dir} cannot be checked (${code}); stopping`;
  }
  if (leadsTo !== used.stateDir)
    return `${dir} now leads to ${leadsTo}, not to ${used.stateDir} where the daemon started; stopping (start it again to use the new place)`;
  return (
    claimLost(given.socket, stillClaimed(used.socket, socket), dir) ??
    claimLost(`the daemon lock ${lock.file}`, lock.held(), dir)
  );
}

/**
 * Check the holdings when they may have changed; `lost` resolves with the reason once the daemon has
 * stopped over it. The daemon's last part: its `stop`, the first step of any stop, ends the checks.
 */
export function lifeline(
  holdings: Holdings,
  logger: Logger,
  stop: () => Promise<void>,
): Component & { lost: Promise<string> } {
  let timer: NodeJS.Timeout | undefined;
  let settling: NodeJS.Timeout | undefined;
  let watches: { close: () => void } | undefined;
  const cancel = () => {
    clearInterval(timer);
    clearTimeout(settling);
    watches?.close();
  };
  const lost = new Promise<string>((resolve) => {
    const check = () => {
      const reason = lostReason(holdings);
      if (!reason) return;
      cancel();
      logger.fatal({ stateDir: holdings.used.stateDir }, reason);
      void stop().then(() => resolve(reason));
    };
    const watched = watchHoldings(holdings, () => {
      settling ??= setTimeout(() => {
        settling = undefined;
        check();
      }, SETTLE_MS);
    });
    watches = watched;
    timer = setInterval(check, watched.complete ? LIFELINE_MS : UNWATCHED_MS);
    timer.unref();
  });
  return { lost, stop: cancel };
}
