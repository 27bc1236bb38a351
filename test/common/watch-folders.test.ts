// The one watch helper (common/watch-folders.ts) with the inbox's rules: a folder's own event and a
// watch's error are damage, damage settles before it is acted on, a folder that cannot be watched
// throws (strict) or leaves the watches incomplete. Real folders, real fs.watch.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settle, watchFolders } from '../../src/common/watch-folders.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(cleanupTempDirs);

describe('watchFolders', () => {
  it('hears the entries of a folder, and its own deletion as damage', async () => {
    const dir = path.join(tempDir(), 'watched');
    mkdirSync(dir);
    const heard: string[] = [];
    let damaged = 0;
    const watches = watchFolders([{ dir, heard: (name) => void heard.push(name) }], {
      damaged: () => void damaged++,
      strict: true,
    });
    expect([watches.complete, watches.armed]).toEqual([true, true]);
    writeFileSync(path.join(dir, 'a'), 'x');
    await waitFor('the entry to be heard', () => heard.includes('a'));
    rmSync(dir, { recursive: true });
    await waitFor('the folder’s deletion to be damage', () => damaged > 0);
    expect(heard).not.toContain('watched');
    watches.close();
  });

  it('throws for a folder it cannot watch when strict, and says it is incomplete otherwise', () => {
    const missing = path.join(tempDir(), 'missing');
    expect(() =>
      watchFolders([{ dir: missing, heard: () => undefined }], { damaged: () => undefined, strict: true }),
    ).toThrow(/ENOENT/);
    const partial = watchFolders(
      [
        { dir: missing, heard: () => undefined },
        { dir: tempDir(), heard: () => undefined },
      ],
      { damaged: () => undefined },
    );
    expect([partial.complete, partial.armed]).toEqual([false, false]);
    partial.close();
  });

  it('settles a burst of damage into one call, after the last', async () => {
    const root = tempDir();
    let calls = 0;
    const damaged = settle(() => void calls++, 150);
    const dirs = ['a', 'b', 'c'].map((name) => path.join(root, name));
    for (const dir of dirs) mkdirSync(dir);
    const watches = watchFolders(
      dirs.map((dir) => ({ dir, heard: () => undefined })),
      { damaged },
    );
    for (const dir of dirs) renameSync(dir, `${dir}.gone`);
    await waitFor('the settled call', () => calls > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toBe(1);
    watches.close();
  });
});
