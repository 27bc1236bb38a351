// The redesign's measurable promises (issues 24 and 34): no folder of src/ imports, at run time or in
// a type, a folder that imports it back, and no source file grows past 200 lines. Each fails with the
// offenders named.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, folderEdges, sourceFiles, typeOnly } from '../helpers/import-graph.js';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_LINES = 200;
describe('the layout of src/', () => {
  const files = sourceFiles(root);

  it('has no folder-level import cycle (type-only imports aside)', () => {
    const edges = folderEdges(root, files);
    const named = cycles(edges).map((group) =>
      group
        .map((from) => [...(edges.get(from) ?? [])].filter(([to]) => group.includes(to)).map(([, example]) => example))
        .flat(),
    );
    expect(named).toEqual([]);
  });

  // Type-only imports too (issue 34): a type lives in the lowest folder that names it, so no folder
  // names, even in a type, one that imports it. The last 29 such edges went when the history line's
  // shape moved to runs/, the history's answer schemas to history/, a client file's layout and drop
  // rule to clients/, and telemetry/ and history/ named only what they read of the scheduler and metrics.
  it('has no folder-level cycle of type-only imports either', () => {
    const edges = folderEdges(root, files, { types: true });
    const inCycles = cycles(edges).flatMap((group) =>
      group.flatMap((from) =>
        [...(edges.get(from) ?? [])]
          .filter(([to]) => group.includes(to))
          .map(([to, example]) => `${from} → ${to} (${example})`),
      ),
    );
    expect(inCycles.sort()).toEqual([]);
  });

  it('has no source file over 200 lines', () => {
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('finds a cycle where there is one, and tells type-only imports apart', () => {
    const edges = new Map([
      ['a', new Map([['b', 'a.ts → b']])],
      ['b', new Map([['c', 'b.ts → c']])],
      ['c', new Map([['a', 'c.ts → a']])],
      ['d', new Map([['a', 'd.ts → a']])],
    ]);
    expect(cycles(edges)).toEqual([['a', 'b', 'c']]);
    expect(typeOnly('type { Paths }')).toBe(true);
    expect(typeOnly('{ type Paths, type Logger }')).toBe(true);
    expect(typeOnly('{ type Paths, securePaths }')).toBe(false);
    expect(typeOnly('* as fs')).toBe(false);
  });
});
