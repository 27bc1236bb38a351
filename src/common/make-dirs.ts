// Making a directory and its parents, one mkdir per missing level. Node's own recursive mkdir spins
// forever (100% CPU, deaf to signals: it runs on the main thread) on a path it cannot make under
// /proc, where mkdir answers ENOENT for a parent that exists: a bridge with its state directory
// there printed the hook's answer, then never exited. Here each level is tried once.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Make `dir` and its missing parents with `mode`; throws the first mkdir's error that is not EEXIST. */
export function makeDirs(dir: string, mode: number): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (isDir(at)) break;
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const level of missing) {
    try {
      mkdirSync(level, { mode });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !isDir(level)) throw error;
    }
  }
}

function isDir(at: string): boolean {
  try {
    return statSync(at).isDirectory();
  } catch {
    return false;
  }
}
