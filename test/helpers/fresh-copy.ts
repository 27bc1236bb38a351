// A fresh clone of the repository as it stands in the working tree: the files git tracks or would
// track (untracked but not ignored), without dist/ and node_modules/. Tests of what a newcomer does
// in a fresh clone (README blocks, npm pack) run there, never in the shared working tree.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.js';
import { tempDir } from './temp-dir.js';

/** Copy the repository's working-tree files into a new temp directory; returns its path. */
export function freshCopy(): string {
  const dest = path.join(tempDir('hookd-clone-'), 'hookd');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    const from = path.join(ROOT, file);
    // A tracked file deleted in the working tree, or one a nested package keeps (test/clients), stays out.
    if (!existsSync(from) || !lstatSync(from).isFile() || file.split('/').includes('node_modules')) continue;
    mkdirSync(path.dirname(path.join(dest, file)), { recursive: true });
    copyFileSync(from, path.join(dest, file));
  }
  return dest;
}
