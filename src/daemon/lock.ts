// One daemon per state directory: a pid file taken with an exclusive create. A pid file left by
// a daemon that died (kill -9, a crash) is recognised and taken over.
import { openSync, closeSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { HookdError } from '../common/errors.js';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Take the daemon lock of `stateDir`; returns a function that releases it. */
export function takeDaemonLock(stateDir: string): () => void {
  const file = path.join(stateDir, 'daemon.pid');
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, String(process.pid));
      } catch (error) {
        unlinkSync(file);
        throw new HookdError('ELOCK', `cannot write the daemon lock ${file}: ${(error as Error).message}`, { cause: error });
      } finally {
        closeSync(fd);
      }
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (pid && pid !== process.pid && running(pid)) {
      throw new HookdError('ELOCKED', `another hookd daemon (pid ${pid}) is already running on ${stateDir}; stop it first, or use another --state-dir`);
    }
    // Stale: move it aside (atomically, so two starting daemons cannot both take it) and try again.
    try {
      renameSync(file, `${file}.stale`);
    } catch {
      // Another starting daemon moved it first; the next exclusive create decides.
    }
  }
  throw new HookdError('ELOCKED', `cannot take the daemon lock ${file}`);
}
