// Taking a unix socket path, for the daemon lock and for the local API's socket alike. A socket
// tells a live owner from a dead one by itself: connecting reaches a live listener, and the kernel
// closes the listener when its process dies (a zombie too, and whatever pid the system reuses).
// So a socket path is taken by binding a private name and linking it onto the path (link(2) is
// an atomic create: of two daemons, one gets EEXIST); a socket found there is replaced only when
// nobody answers on it, and anything that is not a socket is never replaced. Windows' named pipes
// are taken in pipe-claim.ts.
import { chmodSync, linkSync, lstatSync, renameSync, unlinkSync } from 'node:fs';
import { connect, type Server } from 'node:net';
import path from 'node:path';
import { HookdError } from '../common/errors.js';
import { claimPipe } from './pipe-claim.js';
import { isPipeName } from '../common/paths.js';

/** What connecting to a socket path found: a listener (and the first line it wrote), none, no file, or an error. */
export type Probe =
  { state: 'live'; greeting: string } | { state: 'dead' } | { state: 'gone' } | { state: 'unreachable'; code: string };

// How long a live listener gets to write its greeting (the lock's pid) before the probe goes on without it.
const GREETING_MS = 500;

/** Connect to `file` and say who, if anyone, listens there. */
export function probeSocket(file: string): Promise<Probe> {
  return new Promise((resolve) => {
    const socket = connect(file);
    let greeting = '';
    const done = (probe: Probe) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(probe);
    };
    const timer = setTimeout(() => done({ state: 'live', greeting }), GREETING_MS);
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => (greeting = (greeting + text).slice(0, 100)));
    socket.on('end', () => done({ state: 'live', greeting }));
    let connected = false;
    socket.on('connect', () => (connected = true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      if (connected) return done({ state: 'live', greeting });
      done(
        code === 'ECONNREFUSED'
          ? { state: 'dead' }
          : code === 'ENOENT'
            ? { state: 'gone' }
            : { state: 'unreachable', code },
      );
    });
  });
}

/** The identity of a claimed socket file, to tell later whether the path still names it. */
export interface Claimed {
  dev: number;
  ino: number;
}

/** Whether `file` still names the socket `claimed`: true, or why not ('gone', 'replaced', or the error code). */
export function stillClaimed(file: string, claimed: Claimed): true | string {
  if (isPipeName(file)) return true;
  try {
    const info = lstatSync(file);
    return info.dev === claimed.dev && info.ino === claimed.ino ? true : 'replaced';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return code === 'ENOENT' ? 'gone' : code;
  }
}

function tryUnlink(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

function listen(server: Server, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Remove the dead socket at `file`, and only it: its inode is held under a private name first, the
 * path is then moved aside, and if what was moved is not that inode (a daemon took the path in
 * between) it is put back. A third daemon linking in that instant makes two holders: the one
 * displaced finds out through stillClaimed (the daemon's lifeline) and stops.
 */
async function removeDead(file: string, base: string): Promise<void> {
  const [held, moved] = [`${base}.d`, `${base}.m`];
  try {
    linkSync(file, held);
  } catch {
    return;
  }
  try {
    if ((await probeSocket(held)).state !== 'dead') return;
    try {
      renameSync(file, moved);
    } catch {
      return;
    }
    const [a, b] = [lstatSync(held), lstatSync(moved)];
    if (a.ino === b.ino && a.dev === b.dev) return;
    try {
      linkSync(moved, file);
    } catch {
      // See above: the displaced daemon stops by itself.
    }
  } finally {
    tryUnlink(held);
    tryUnlink(moved);
  }
}

/** How a caller words a refusal: a live or unreachable socket, or a file that is not a socket. */
export type Refusal = (found: Exclude<Probe, { state: 'dead' | 'gone' }> | { state: 'not-a-socket' }) => HookdError;

/** Bind `server` (0600) at `file`, atomically, replacing only a socket nobody listens on. */
export async function claimSocket(server: Server, file: string, refuse: Refusal): Promise<Claimed> {
  if (isPipeName(file)) return claimPipe(server, file, refuse);
  // A private name beside the path, short (a unix socket path holds about 100 bytes) and per process.
  const base = path.join(path.dirname(file), `.${path.basename(file).slice(0, 8)}.${process.pid.toString(36)}`);
  const mine = `${base}.s`;
  tryUnlink(mine); // A leftover of a dead process that had our pid: only we can use this name now.
  await listen(server, mine);
  try {
    chmodSync(mine, 0o600);
    const info = lstatSync(mine);
    for (let tries = 0; tries < 20; tries++) {
      try {
        linkSync(mine, file);
        return { dev: info.dev, ino: info.ino };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const found = lstatSync(file, { throwIfNoEntry: false });
      if (found && !found.isSocket()) throw refuse({ state: 'not-a-socket' });
      const probe = found ? await probeSocket(file) : ({ state: 'gone' } as const);
      if (probe.state === 'live' || probe.state === 'unreachable') throw refuse(probe);
      if (probe.state === 'dead') await removeDead(file, base);
    }
    throw new HookdError('ELOCKED', `cannot take ${file}: it keeps changing (is another daemon starting?)`);
  } catch (error) {
    server.close();
    throw error;
  } finally {
    tryUnlink(mine);
  }
}
