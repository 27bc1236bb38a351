// One daemon per state directory: a pid file created atomically, content and all (a hard link of
// a file already holding the pid, so nobody can read it half-written). A pid file left by a daemon
// that died is removed only under a takeover token, and only if it still names the dead pid, so
// two daemons starting together after a crash cannot both take the lock.
import { closeSync, linkSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HookdError } from '../common/errors.js';

// A takeover token older than this was left by a daemon that died while taking over.
const STALE_TOKEN_MS = 10_000;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10) || 0;
  } catch {
    return undefined;
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function tryUnlink(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}

/** Remove `file` if it still names `stalePid`, holding the takeover token while deciding. */
function takeOver(file: string, stalePid: number): void {
  const token = `${file}.takeover`;
  try {
    closeSync(openSync(token, 'wx', 0o600));
  } catch {
    // Someone else is taking over; a token left by a crash is cleared once it is old.
    const age = Date.now() - (statSync(token, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > STALE_TOKEN_MS) tryUnlink(token);
    return;
  }
  try {
    if (readPid(file) === stalePid) tryUnlink(file);
  } finally {
    tryUnlink(token);
  }
}

/** Take the daemon lock of `stateDir`; returns a function that releases it. */
export function takeDaemonLock(stateDir: string): () => void {
  const file = path.join(stateDir, 'daemon.pid');
  const mine = `${file}.${process.pid}`;
  try {
    writeFileSync(mine, String(process.pid), { mode: 0o600 });
  } catch (error) {
    throw new HookdError('ELOCK', `cannot write the daemon lock ${mine}: ${(error as Error).message}`, { cause: error });
  }
  try {
    for (let tries = 0; tries < 50; tries++) {
      try {
        linkSync(mine, file);
        return () => {
          if (readPid(file) === process.pid) tryUnlink(file);
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const pid = readPid(file);
      if (pid === undefined) continue;
      if (pid > 0 && pid !== process.pid && running(pid)) {
        throw new HookdError('ELOCKED', `another hookd daemon (pid ${pid}) is already running on ${stateDir}; stop it first, or use another --state-dir`);
      }
      takeOver(file, pid);
      pause(20);
    }
    throw new HookdError('ELOCKED', `cannot take the daemon lock ${file}: it keeps changing (is another daemon starting?)`);
  } finally {
    tryUnlink(mine);
  }
}
