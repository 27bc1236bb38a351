// Where this package is installed: the folder holding package.json, bin/, dist/ and hooks-examples/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * This package's root: the nearest folder above this module holding package.json. The module runs
 * from src/common, dist/common, or a chunk of the bundle at dist/bin.js or dist/chunks/ alike.
 */
export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (root = dir);
}

/** This package's version, from its package.json; 'unknown' for a copy without one (it still works). */
export function packageVersion(): string {
  try {
    return (
      (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ??
      'unknown'
    );
  } catch {
    return 'unknown';
  }
}
