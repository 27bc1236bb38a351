// The C bridge and the sh bridge point at the TypeScript they follow in comments ("keep in step
// with src/…", "native/run-hook.c does this in C"): a reader who follows a name that moved finds
// nothing. Every file a comment in native/ or bin/ names must exist (issue 34).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

// A file name: words, dots and slashes, ending in an extension the repository's files use.
const NAMED = /(?<![\w/.-])((?:[\w.-]+\/)*[\w.-]+\.(?:ts|c|h|mjs|js|md|json))\b/g;
// Files the build writes (not in the repository): scripts/build-native.mjs makes contracts.h and
// hif-tables.h in dist/native/; scripts/bundle-cli.mjs makes dist/bin.js.
const GENERATED = new Set(['contracts.h', 'hif-tables.h', 'dist/bin.js']);

/** The comments of a C file (`/* … *\/` and `// …`) or an sh script (`# …`). */
export function commentsOf(text: string, language: 'c' | 'sh'): string[] {
  if (language === 'sh') return [...text.matchAll(/(?:^|\s)#(?!!)(.*)$/gm)].map((match) => match[1]!);
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/.*$/gm)].map((match) => match[0]);
}

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((name) => statSync(path.join(ROOT, name)).isFile());
}

const everyFile = [
  ...filesUnder('src'),
  ...filesUnder('native'),
  ...filesUnder('bin'),
  ...filesUnder('scripts'),
  ...filesUnder('bench'),
  ...filesUnder('docs'),
  ...filesUnder('test').filter((name) => !name.includes('node_modules')),
];

/** Whether `named`, as a comment in `from` names it, is a file of the repository (or one the build writes). */
export function exists(named: string, from: string, files: readonly string[] = everyFile): boolean {
  if (GENERATED.has(named)) return true;
  // dist/ holds what src/ compiles to.
  const source = named.replace(/^dist\/(.*)\.js$/, 'src/$1.ts');
  if (files.includes(source)) return true;
  // Beside the file that names it, or a path under src/ written without its `src/`, or a bare name found anywhere.
  if (files.includes(path.join(path.dirname(from), source))) return true;
  return files.some((file) => file.endsWith(`/${source}`));
}

function brokenNames(file: string): string[] {
  const language = file.startsWith('bin/') ? 'sh' : 'c';
  const comments = commentsOf(readFileSync(path.join(ROOT, file), 'utf8'), language).join('\n');
  return [...comments.matchAll(NAMED)]
    .map((match) => match[1]!)
    .filter((named) => !exists(named, file))
    .map((named) => `${file}: ${named}`);
}

describe('comments in native/ and bin/', () => {
  it('name only files that exist', () => {
    const files = [...filesUnder('native'), ...filesUnder('bin')];
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap(brokenNames)).toEqual([]);
  });

  it('tells a moved name from one that is there', () => {
    const files = ['src/payload/project-of.ts', 'native/run-hook.c', 'src/daemon/state-dir.ts'];
    expect(exists('src/payload/project-of.ts', 'native/x.c', files)).toBe(true);
    expect(exists('run-hook.c', 'native/x.c', files)).toBe(true);
    expect(exists('state-dir.ts', 'native/x.c', files)).toBe(true);
    expect(exists('events/project-of.ts', 'native/x.c', files)).toBe(false);
    expect(exists('src/bridge/gone.ts', 'native/x.c', files)).toBe(false);
    expect(commentsOf('x(); /* see a.c */ y(); // and b.h\n"not/a/comment.c"', 'c').join(' ')).not.toContain(
      'not/a/comment.c',
    );
  });
});
