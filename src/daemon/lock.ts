// One daemon per state directory: the lock is a unix socket, `daemon.lock`, that the daemon
// listens on. Why a socket and not a pid file: a pid proves nothing (a pid file naming an unrelated
// live process blocked start-up, and a killed daemon still a zombie blocked a quick restart), and
// Node has no flock. A listening socket is what the issue asks for, a lock the kernel releases with
// the process: when the daemon dies, however it dies, its listener is closed and connecting is
// refused, so a new daemon can tell a live lock from a stale one by connecting, and replace the
// stale one atomically (socket-claim.ts). Nothing is spawned and nothing is written but the socket.
// Connecting to the lock answers with the holder's pid, for the message that names it. On Windows
// the lock is a named pipe of the state directory's (paths.ts), which Windows removes with its daemon.
import { createServer } from 'node:net';
import path from 'node:path';
import { unlinkSync } from 'node:fs';
import { HookdError } from '../common/errors.js';
import { lockPath } from '../common/paths.js';
import { claimSocket, probeSocket, stillClaimed } from '../server/socket-claim.js';
import type { Component } from './lifecycle.js';

/** A held daemon lock: the daemon's first part, let go last. */
export interface DaemonLock extends Component {
  /** The lock's path. */
  file: string;
  /** True while the lock is still this daemon's, else why not ('gone', 'replaced', or an error code). */
  held(): true | string;
  /** Release the lock; its file is removed only while it is still ours. */
  close(): void;
}

// The lock's holder answers a connection with its pid; one too busy to answer in time is still alive.
const pidIn = (greeting: string) => /^\d+/.exec(greeting)?.[0] ?? 'unknown';

/** What the lock of `stateDir` says of its daemon: none (no lock, or a stale one), one alive (its pid when it said), or cannot tell (the lock cannot be reached). */
export type LockHolder = { state: 'none' } | { state: 'alive'; pid: string } | { state: 'unknown'; code: string };

/** Who holds the daemon lock of `stateDir` now: tells "no daemon" from "a daemon that does not answer on its socket" (busy, or on another --socket). */
export async function lockHolder(stateDir: string): Promise<LockHolder> {
  const found = await probeSocket(lockPath(stateDir));
  if (found.state === 'live') return { state: 'alive', pid: pidIn(found.greeting) };
  if (found.state === 'unreachable') return { state: 'unknown', code: found.code };
  return { state: 'none' };
}

/** Take the daemon lock of `stateDir`, or refuse (ELOCKED) while another daemon holds it. */
export async function takeDaemonLock(stateDir: string): Promise<DaemonLock> {
  const file = lockPath(stateDir);
  const server = createServer((socket) => {
    // A prober that hung up before a busy daemon answered (hookd token rotate gives up after a
    // moment) must not crash the daemon with EPIPE: the greeting is a courtesy, its loss nothing.
    socket.on('error', () => undefined);
    socket.end(`${process.pid}\n`);
  });
  server.on('error', () => {
    // A failed accept on the lock changes nothing: the lock is the bound socket, not its clients.
  });
  const claimed = await claimSocket(server, file, (found) => {
    if (found.state === 'live') {
      return new HookdError(
        'ELOCKED',
        `another hookd daemon (pid ${pidIn(found.greeting)}) is already running on ${stateDir}; stop it first, or use another --state-dir`,
      );
    }
    const what = found.state === 'not-a-socket' ? 'is not a socket' : `cannot be reached (${found.code})`;
    return new HookdError(
      'ELOCKED',
      `the daemon lock ${file} ${what}; remove it if no hookd daemon is running on ${stateDir}`,
    );
  }).catch((error: unknown) => {
    if (error instanceof HookdError) throw error;
    throw new HookdError('ELOCK', `cannot take the daemon lock ${file}: ${(error as Error).message}`, { cause: error });
  });
  // The pid file of hookd before the socket lock: it locks nothing now, and would only mislead.
  tryUnlink(path.join(stateDir, 'daemon.pid'));
  return {
    file,
    held: () => stillClaimed(file, claimed),
    close() {
      if (stillClaimed(file, claimed) === true) tryUnlink(file);
      server.close();
    },
  };
}

function tryUnlink(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
