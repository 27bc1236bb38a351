// Which `hookd` a program with a given PATH runs: the first executable of that name on PATH,
// resolved through symlinks, as the client's shell would find it; and whether a file may be run.
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** Whether this process may execute `file` (a missing file may not). */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` on `pathVar` and its real path, or undefined. */
export function findOnPath(name: string, pathVar: string | undefined): { found: string; real: string } | undefined {
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    // An empty PATH entry means the current directory.
    const candidate = path.resolve(dir || '.', name);
    try {
      if (statSync(candidate).isFile() && isExecutable(candidate))
        return { found: candidate, real: realpathSync(candidate) };
    } catch {
      // Not here.
    }
  }
  return undefined;
}
