// The version of a client installed on this machine, read the way a person would check it: the
// client's program on the PATH, followed through its links to the npm package that holds it, and
// that package's version. Where a client changed how it reads a hook between versions (Qwen Code
// reads a `timeout` of 1000 or more as milliseconds before 1.0, in seconds from 1.0), the checks
// ask which version is installed; none found, they keep the rule of the version tested here.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** A client's program name and the npm package that ships it. */
export interface InstalledClient {
  program: string;
  packageName: string;
}

// How far above the program's real file its package.json may sit (node_modules/<scope>/<name>/dist/cli.js).
const PACKAGE_DEPTH = 5;

function packageVersionAbove(file: string, packageName: string): string | undefined {
  let dir = path.dirname(file);
  for (let depth = 0; depth <= PACKAGE_DEPTH; depth += 1, dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown };
      if (parsed.name === packageName && typeof parsed.version === 'string') return parsed.version;
    } catch {
      // Not a package of ours to read: keep looking up.
    }
  }
  return undefined;
}

/** The version of `client`'s package behind the first `program` on `pathVar`, if one is there and says. */
export function installedVersion(client: InstalledClient, pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, client.program);
    if (!existsSync(candidate)) continue;
    try {
      return packageVersionAbove(realpathSync(candidate), client.packageName);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The major version of `version` ("1.2.0" → 1), if it reads as one. */
export const majorOf = (version: string | undefined): number | undefined => {
  const major = version ? /^(\d+)\./.exec(version)?.[1] : undefined;
  return major === undefined ? undefined : Number(major);
};

/** Qwen Code's program and package. */
export const QWEN_CODE: InstalledClient = { program: 'qwen', packageName: '@qwen-code/qwen-code' };
