// hookd asks the operating system about processes in one module (src/os/os.ts: the seam a Windows
// build fills next). A /proc path, a `detached` spawn of sh, a group kill (`process.kill(-pid)`) or
// a module of src/os/ imported around the seam, anywhere else in src/, would be a second seam.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/import-graph.js';
import { ROOT } from '../helpers/paths.js';

// Code, not comments: a comment may well say what /proc holds.
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const OS_ONLY: Array<[string, RegExp]> = [
  ['/proc', /['"`]\/proc\b/],
  ['a shell spawned in a session of its own', /spawn\([^)]*\bsh\b[\s\S]{0,200}?detached:\s*true/],
  ['a group kill', /process\.kill\(\s*-/],
  ['a module of src/os/ other than os.ts', /from '(?:\.\.\/)+os\/(?!os\.js')/],
];

/** What `text` (a file of src/) does that only src/os/ may. */
export function pastTheSeam(text: string): string[] {
  const body = code(text);
  return OS_ONLY.filter(([, pattern]) => pattern.test(body)).map(([what]) => what);
}

describe('the OS seam', () => {
  it('is the only place of src/ that reads /proc, spawns sh in a session, or kills a group', () => {
    const outside = sourceFiles(ROOT).filter((file) => !file.startsWith('src/os/'));
    expect(outside.length).toBeGreaterThan(100);
    const offenders = outside.flatMap((file) =>
      pastTheSeam(readFileSync(path.join(ROOT, file), 'utf8')).map((what) => `${file}: ${what}`),
    );
    expect(offenders).toEqual([]);
  });

  it('sees each of them where they are', () => {
    expect(pastTheSeam('readFileSync(`/proc/${pid}/stat`)')).toEqual(['/proc']);
    expect(pastTheSeam("spawn('sh', ['-c', x], { detached: true })")).toEqual([
      'a shell spawned in a session of its own',
    ]);
    expect(pastTheSeam('process.kill(-pid, signal)')).toEqual(['a group kill']);
    expect(pastTheSeam("import { killGroup } from '../os/kill-group.js';")).toEqual([
      'a module of src/os/ other than os.ts',
    ]);
    expect(pastTheSeam("import { killGroup } from '../os/os.js'; // reads /proc/1/stat")).toEqual([]);
  });
});
