// The C bridge and the sh bridge point at the TypeScript they follow in comments ("keep in step
// with src/…", "native/run-hook.c does this in C"): a reader who follows a name that moved finds
// nothing. Every file a comment in native/, bin/, src/ or scripts/ names must exist (issues 34, 42).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

// A file name: words, dots and slashes, ending in an extension the repository's files use.
const NAMED = /(?<![\w/.-])((?:[\w.-]+\/)*[\w.-]+\.(?:ts|c|h|mjs|js|md|json))\b/g;
// Files the build writes (not in the repository): scripts/build-native.mjs makes contracts.h and
// hif-tables.h in dist/native/; scripts/bundle-cli.mjs makes dist/bin.js and dist/guard-fields.js.
const GENERATED = new Set(['contracts.h', 'hif-tables.h', 'dist/bin.js', 'dist/guard-fields.js']);

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
  ...filesUnder('shims'),
  ...filesUnder('hooks-examples'),
  ...filesUnder('schemas'),
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
  // dist/ holds what src/ compiles to; an import path names the compiled `.js` of a `.ts`.
  const source = named.replace(/^dist\/(.*)\.js$/, 'src/$1.ts');
  if (files.includes(source)) return true;
  if (source.endsWith('.js') && exists(source.replace(/\.js$/, '.ts'), from, files)) return true;
  // Beside the file that names it, or a path under src/ written without its `src/`, or a bare name found anywhere.
  if (files.includes(path.join(path.dirname(from), source))) return true;
  return files.some((file) => file.endsWith(`/${source}`));
}

// The repository's own folders: a name under one of them is a file of the repository.
const OURS = /^(src|test|docs|scripts|bench|native|bin|shims|hooks-examples|schemas|samples|dist)\//;
// Other projects' files that the TypeScript names as its source (the clients' code and docs, the hook
// spec's pages, the team's shared notes outside the repository): not files of this one.
const ELSEWHERE = new Set([
  'hooks/hookRegistry.ts',
  'config/trustedFolders.ts',
  'hooks/hookPlanner.ts',
  'packages/core/src/permissions/rule-parser.ts',
  'packages/core/src/tools/tool-names.ts',
  'docs/hooks/README.md',
  'blocking-matrix.md',
  'capabilities.md',
  'events.md',
  'hooks.md',
  'CLIENTS.md',
  'DESIGN.md',
]);

/**
 * Whether a name in a comment of `from` is meant as a file of this repository. In native/ and bin/
 * every name is. In src/ and scripts/, a name under one of the repository's folders, or a source
 * file's name (.ts, .c, .h, .mjs, .js); not a client's file (`.claude/settings.json`,
 * `settings.local.json`), a fragment (`-plan.ts`), or another project's file (ELSEWHERE).
 */
export function meantAsOurs(named: string, from: string): boolean {
  if (/^(native|bin)\//.test(from)) return true;
  // A product's name is not a file's (Node.js).
  if (ELSEWHERE.has(named) || /^[.-]/.test(named) || /^[A-Z][a-z]+\.js$/.test(named)) return false;
  return OURS.test(named) || /\.(ts|c|h|mjs|js)$/.test(named);
}

function brokenNames(file: string): string[] {
  const language = file.startsWith('bin/') || file.endsWith('.sh') ? 'sh' : 'c';
  const comments = commentsOf(readFileSync(path.join(ROOT, file), 'utf8'), language).join('\n');
  return [...comments.matchAll(NAMED)]
    .map((match) => match[1]!)
    .filter((named) => meantAsOurs(named, file) && !exists(named, file))
    .map((named) => `${file}: ${named}`);
}

// The code's own files: C, sh, TypeScript and JavaScript (the page's CSS and HTML name no files).
const CODE = /\.(c|h|ts|mjs|js|sh)$|^bin\//;

describe('comments in native/, bin/, src/ and scripts/', () => {
  it('name only files that exist', () => {
    const files = [
      ...filesUnder('native'),
      ...filesUnder('bin'),
      ...filesUnder('src'),
      ...filesUnder('scripts'),
    ].filter((file) => CODE.test(file));
    expect(files.filter((file) => file.startsWith('src/')).length).toBeGreaterThan(100);
    expect(files.filter((file) => file.startsWith('scripts/')).length).toBeGreaterThan(5);
    expect(files.flatMap(brokenNames)).toEqual([]);
  });

  it('tells a moved name from one that is there', () => {
    const files = ['src/payload/project-of.ts', 'native/run-hook.c', 'src/daemon/state-dir.ts'];
    expect(exists('src/payload/project-of.ts', 'native/x.c', files)).toBe(true);
    expect(exists('run-hook.c', 'native/x.c', files)).toBe(true);
    expect(exists('state-dir.ts', 'native/x.c', files)).toBe(true);
    expect(exists('events/project-of.ts', 'native/x.c', files)).toBe(false);
    expect(exists('src/bridge/gone.ts', 'native/x.c', files)).toBe(false);
    // In src/: a client's file, a fragment, another project's file and a product are not ours; a moved source file is.
    expect(meantAsOurs('.claude/settings.json', 'src/a.ts')).toBe(false);
    expect(meantAsOurs('-plan.ts', 'src/a.ts')).toBe(false);
    expect(meantAsOurs('hooks/hookRegistry.ts', 'src/a.ts')).toBe(false);
    expect(meantAsOurs('Node.js', 'src/a.ts')).toBe(false);
    expect(meantAsOurs('test/schemas.test.ts', 'src/a.ts')).toBe(true);
    expect(meantAsOurs('common/errors.js', 'src/a.ts')).toBe(true);
    expect(exists('common/errors.js', 'src/bridge/x.ts', ['src/common/errors.ts'])).toBe(true);
    expect(commentsOf('x(); /* see a.c */ y(); // and b.h\n"not/a/comment.c"', 'c').join(' ')).not.toContain(
      'not/a/comment.c',
    );
  });
});
