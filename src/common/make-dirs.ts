// Making a directory and its parents, one mkdir per missing level. Node's own recursive mkdir spins
// forever (100% CPU, deaf to signals: it runs on the main thread) on a path it cannot make under
// /proc, where mkdir answers ENOENT for a parent that exists: a bridge with its state directory
// there printed the hook's answer, then never exited. Here each level is tried once.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The mode of a folder hookd makes for a client's files (a hook folder, a plugin folder, a settings
 * folder, the examples): the user writes it, the client and the user read it, nobody else writes it.
 * Given to every mkdir, so that `umask 000` cannot open it to other users (issue 41, 2): another user
 * who could write there could plant a hook, a plugin or an extension the client then runs as you.
 */
export const CLIENT_FOLDER_MODE = 0o755;

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
