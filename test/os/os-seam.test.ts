// hookd asks the operating system about processes in two places: the executor (src/executor/:
// starting, watching and ending hooks, behind the Executor interface) and src/os/os.ts (who holds a
// listening port): the seams a Windows build fills next. A /proc path, a `detached` spawn of sh, a
// group kill (`process.kill(-pid)`), a signal to another process, a module of src/os/ imported
// around os.ts, or an implementation of the executor imported around its interface (executor.ts)
// and its choice of implementation (platform.ts), anywhere else in src/, would be a second seam.
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
  // A process's own signal (the bridge ends as its client asked) is its own business.
  ['a signal to another process', /process\.kill\(\s*(?!-|process\.pid\b)/],
  ['a module of src/os/ other than os.ts', /from '(?:\.\.\/)+os\/(?!os\.js')/],
  ['an executor imported around its interface', /from '(?:\.\.\/)+executor\/(?!(?:executor|platform)\.js')/],
];

/** What `text` (a file of src/) does that only src/os/ and src/executor/ may. */
export function pastTheSeam(text: string): string[] {
  const body = code(text);
  return OS_ONLY.filter(([, pattern]) => pattern.test(body)).map(([what]) => what);
}

describe('the OS seams', () => {
  it('are the only places of src/ that read /proc, spawn sh in a session, signal a process or a group', () => {
    const outside = sourceFiles(ROOT).filter(
      (file) => !file.startsWith('src/os/') && !file.startsWith('src/executor/'),
    );
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
    expect(pastTheSeam("process.kill(pid, 'SIGKILL')")).toEqual(['a signal to another process']);
    expect(pastTheSeam("process.kill(process.pid, 'SIGTERM')")).toEqual([]);
    expect(pastTheSeam("import { userName } from '../os/listener-owner.js';")).toEqual([
      'a module of src/os/ other than os.ts',
    ]);
    expect(pastTheSeam("import { endSession } from '../executor/posix-end-session.js';")).toEqual([
      'an executor imported around its interface',
    ]);
    expect(pastTheSeam("import { inProcessExecutor } from '../executor/platform.js';")).toEqual([]);
    expect(pastTheSeam("import type { HookHandle } from '../../executor/executor.js';")).toEqual([]);
    expect(pastTheSeam("import { userName } from '../os/os.js'; // reads /proc/1/stat")).toEqual([]);
  });
});
