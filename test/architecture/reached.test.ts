// Every source file is reached by some test: imported (directly or through what a test imports),
// or named in the header comment of an end-to-end test that runs it through the built binary (a
// newcomer finds a feature's test by that name, not by grep). A file neither reaches fails here.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/import-graph.js';
import { ROOT } from '../helpers/paths.js';

const IMPORT = /^\s*(?:import|export)\s+[^;]*?\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function testFiles(dir = 'test'): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') return [];
    if (statSync(path.join(ROOT, rel)).isDirectory()) return testFiles(rel);
    return /\.(ts|mjs)$/.test(name) ? [rel] : [];
  });
}

/** The source file `specifier` names from `from`, if it is one. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const file = path.normalize(path.join(path.dirname(from), specifier)).replace(/\.js$/, '.ts');
  return file.startsWith('src/') && existsSync(path.join(ROOT, file)) ? file : undefined;
}

const importsOf = (file: string) =>
  [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORT)]
    .map((match) => resolved(file, match[1] ?? match[2]!))
    .filter((name) => name !== undefined);

/** The leading comment of a test file: its `//` lines before the first line of code. */
export function headerOf(text: string): string {
  const lines = text.split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines.slice(0, end === -1 ? lines.length : end).join('\n');
}

describe('the tests', () => {
  it('reach every source file: imported, or named in an end-to-end test’s header', () => {
    const tests = testFiles();
    const reached = new Set<string>();
    const queue = tests.flatMap(importsOf);
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      queue.push(...importsOf(file));
    }
    const headers = tests.map((file) => headerOf(readFileSync(path.join(ROOT, file), 'utf8'))).join('\n');
    const unreached = sourceFiles(ROOT).filter((file) => !reached.has(file) && !headers.includes(file));
    expect(reached.size).toBeGreaterThan(200);
    expect(unreached).toEqual([]);
  });

  it('read a header up to the first line of code', () => {
    expect(headerOf('// runs src/a.ts\n// and src/b.ts\nimport x from "y";\n// src/c.ts')).toBe(
      '// runs src/a.ts\n// and src/b.ts',
    );
  });
});
