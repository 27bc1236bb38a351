// Issue 42 item 8: a test that asserts nothing cannot fail. Every `it` and `test` of the suite
// asserts something of its own: `expect` or `assert` in its body, or a call to a helper that does
// (one of the file's own functions that asserts, at any depth, or one named `expect…`/`assert…`).
// A wait (`waitFor`) is not an assertion of what was waited for: its timeout says only that it did
// not come. Read from the source: its strings, templates, regular expressions and comments blanked
// out first, so that a brace or a word in them counts for nothing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

// After one of these (or at the start), `/` opens a regular expression rather than dividing.
const BEFORE_REGEX = '(,=:[!&|?{};+-*%<>~^';

/** Where the code from `i` ends: at the `}` that closes a template's `${` (when `closing`), else at the end. */
function codeEnd(text: string, i: number, closing: boolean, marks: [number, number][]): number {
  let depth = 0;
  let last = '';
  while (i < text.length) {
    const ch = text[i]!;
    const next = text[i + 1];
    const skipped = literalEnd(text, i, last, marks);
    if (skipped > i) {
      last = 'x';
      i = skipped;
      continue;
    }
    if (ch === '/' && (next === '/' || next === '*')) {
      const end = next === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2) + 2;
      const to = end <= i ? text.length : end;
      marks.push([i, to]);
      i = to;
      continue;
    }
    if (ch === '{') depth++;
    if (ch === '}' && depth-- === 0 && closing) return i + 1;
    if (!/\s/.test(ch)) last = /[\w$]/.test(ch) ? 'x' : ch;
    i++;
  }
  return i;
}

/** Where the string, template or regular expression at `i` ends (`i` when none starts there); it is marked. */
function literalEnd(text: string, i: number, last: string, marks: [number, number][]): number {
  const ch = text[i]!;
  const next = text[i + 1];
  const regex = ch === '/' && next !== '/' && next !== '*' && (last === '' || BEFORE_REGEX.includes(last));
  if (ch !== "'" && ch !== '"' && ch !== '`' && !regex) return i;
  let j = i + 1;
  let inClass = false;
  while (j < text.length) {
    const c = text[j]!;
    if (c === '\\') j += 2;
    else if (ch === '`' && c === '$' && text[j + 1] === '{') j = codeEnd(text, j + 2, true, marks);
    else if (c === ch && !inClass) break;
    else {
      if (regex && c === '[') inClass = true;
      if (regex && c === ']') inClass = false;
      j++;
    }
  }
  marks.push([i, j + 1]);
  return j + 1;
}

/** `text` with every string, template, regular expression and comment replaced by spaces (lines kept). */
export function blankOut(text: string): string {
  const marks: [number, number][] = [];
  codeEnd(text, 0, false, marks);
  const out = [...text];
  for (const [from, to] of marks) for (let i = from; i < to && i < out.length; i++) if (out[i] !== '\n') out[i] = ' ';
  return out.join('');
}

/** The text between the brace at `open` and its match. */
function braced(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

const ASSERTS = /\b(expect|assert)\w*\s*[.(]/;

/** The titles' lines of the tests of `source` that assert nothing of their own. */
export function testsWithoutAssertions(source: string): number[] {
  const text = blankOut(source);
  // The file's own functions (`function f(`, `const f = (…) =>`, `const f = async (…) =>`) and their bodies.
  const helpers = new Map<string, string>();
  for (const match of text.matchAll(
    /\bfunction\s+(\w+)\s*(?:<[^>]*>)?\(|\bconst\s+(\w+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*(?::[^=]*)?=>/g,
  )) {
    const open = text.indexOf('{', match.index! + match[0].length);
    const arrow = match[0].endsWith('=>');
    // An arrow without a block is its expression, to the end of the statement.
    const body =
      arrow && !/^\s*\{/.test(text.slice(match.index! + match[0].length))
        ? text.slice(match.index! + match[0].length, text.indexOf(';', match.index!))
        : braced(text, open);
    helpers.set((match[1] ?? match[2])!, body);
  }
  const asserting = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, body] of helpers)
      if (
        !asserting.has(name) &&
        (ASSERTS.test(body) || [...asserting].some((other) => new RegExp(`\\b${other}\\(`).test(body)))
      ) {
        asserting.add(name);
        changed = true;
      }
  }
  const lines: number[] = [];
  for (const match of text.matchAll(/(?<![\w.])(?:it|test)(?:\.\w+(?:\([^)]*\))?)*\s*\(/g)) {
    const arrow = text.indexOf('=>', match.index!);
    const open = text.indexOf('{', arrow);
    if (arrow === -1 || open === -1) continue;
    const body = braced(text, open);
    const calls = [...asserting].some((name) => new RegExp(`\\b${name}\\(`).test(body));
    if (!ASSERTS.test(body) && !calls) lines.push(text.slice(0, match.index!).split('\n').length);
  }
  return lines;
}

const testFiles = readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts') && !name.includes('node_modules'))
  .map((name) => path.join('test', name));

describe('every test asserts something of its own', () => {
  it('in every test file of the suite', () => {
    expect(testFiles.length).toBeGreaterThan(100);
    const found = testFiles.flatMap((file) =>
      testsWithoutAssertions(readFileSync(path.join(ROOT, file), 'utf8')).map((line) => `${file}:${line}`),
    );
    expect(found).toEqual([]);
  });

  it('tells a test that asserts, directly or through a helper, from one that only waits', () => {
    const source = [
      'const check = (x: number) => expect(x).toBe(1);',
      'function deeper() { check(1); }',
      "it('direct', () => { expect(1).toBe(1); });",
      "it('through a helper', () => { deeper(); });",
      "it('named so', async () => { await expectError(run()); });",
      "it('only waits', async () => { await waitFor('it', () => /expect(/.test('expect(')); });",
      "it('a word in a comment', () => { // expect(nothing)\n run(); });",
    ].join('\n');
    expect(testsWithoutAssertions(source)).toEqual([6, 7]);
  });
});
