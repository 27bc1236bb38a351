// Which `hookd` a program with a given PATH runs: the first executable of that name on PATH,
// resolved through symlinks, as the client's shell would find it.
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** The first executable `name` on `pathVar` and its real path, or undefined. */
export function findOnPath(name: string, pathVar: string | undefined): { found: string; real: string } | undefined {
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    // An empty PATH entry means the current directory.
    const candidate = path.resolve(dir || '.', name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return { found: candidate, real: realpathSync(candidate) };
    } catch {
      // Not here.
    }
  }
  return undefined;
}
