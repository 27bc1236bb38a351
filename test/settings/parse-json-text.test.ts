// parseJsonText reads client files as clients write them (comments, trailing commas, a byte-order
// mark, CRLF), says which of those features a text uses, and answers bad input with one located
// line. It never throws, whatever the input.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { MAX_DEPTH, parseJsonText } from '../../src/settings/parse-json-text.js';
import { FIXTURES } from '../helpers/paths.js';

const ok = (text: string) => {
  const parsed = parseJsonText(text, 'f.json');
  if (!parsed.ok) throw new Error(`expected ok, got ${parsed.error}`);
  return parsed;
};
const error = (text: string) => {
  const parsed = parseJsonText(text, 'f.json');
  if (parsed.ok) throw new Error('expected an error');
  return parsed.error;
};

describe('parseJsonText', () => {
  it('reads a real Droid settings file, which starts with // comments', () => {
    const parsed = ok(readFileSync(path.join(FIXTURES, 'settings', 'droid-settings.json'), 'utf8'));
    expect(parsed).toMatchObject({ bom: false, comments: true, trailingCommas: false });
    expect(parsed.data).toMatchObject({ model: 'gpt-5-codex', commandAllowlist: ['ls', 'pwd', 'dir'] });
  });

  it('reports what the text uses that plain JSON does not', () => {
    expect(ok('{"a": [1, 2]}')).toEqual({
      ok: true,
      data: { a: [1, 2] },
      bom: false,
      comments: false,
      trailingCommas: false,
    });
    expect(ok('{"a": [1, 2,],}')).toMatchObject({ data: { a: [1, 2] }, trailingCommas: true, comments: false });
    expect(ok('{"a": /* one */ 1}')).toMatchObject({ data: { a: 1 }, comments: true });
    expect(ok('\uFEFF{\r\n  "a": 1\r\n}\r\n')).toMatchObject({ data: { a: 1 }, bom: true });
    expect(ok('{"a": "// not a comment, /* nor this */"}')).toMatchObject({
      data: { a: '// not a comment, /* nor this */' },
      comments: false,
    });
    expect(ok('{"a": "x,]"}')).toMatchObject({ trailingCommas: false });
  });

  it('takes a text with no value as ok with no data: empty, blanks, only a comment, only a byte-order mark', () => {
    expect(ok('')).toEqual({ ok: true, data: undefined, bom: false, comments: false, trailingCommas: false });
    expect(ok(' \r\n\t')).toMatchObject({ data: undefined });
    expect(ok('// Factory CLI Settings\n')).toMatchObject({ data: undefined, comments: true });
    expect(ok('\uFEFF')).toMatchObject({ data: undefined, bom: true });
  });

  it('parses any value at the top level: whether it must be an object is the caller’s rule', () => {
    expect(ok('[1, 2]').data).toEqual([1, 2]);
    expect(ok('null').data).toBeNull();
    expect(ok('"text"').data).toBe('text');
  });

  const bad: [string, string, string][] = [
    ['an unterminated comment', '{\n  "a": 1 /* note\n}', 'line 2 column 10: a /* comment is never closed with */'],
    ['an unterminated string', '{"a": "x}', 'line 1 column 7: a string is never closed with "'],
    ['a missing comma', '{\n  "a": 1\n  "b": 2\n}', 'line 3 column 3: expected a comma'],
    ['a missing colon', '{"a" 1}', 'line 1 column 6: expected a colon'],
    ['a missing closing brace', '{"a": 1', 'line 1 column 8: expected a closing }'],
    ['a missing value', '{"a": }', 'line 1 column 7: expected a value'],
    ['a word that is not JSON', '{"a": tru}', 'line 1 column 7: unexpected "tru"'],
    ['a key without quotes', '{a: 1}', 'line 1 column 2: unexpected "a"'],
    ['text after the value', '{}\n{}', 'line 2 column 1: expected the end of the file after the value'],
    ['a bad escape', '{"a": "\\q"}', 'line 1 column 7: an unknown escape after \\ in a string'],
    [
      'a raw control character in a string',
      '{"a": "\u0007"}',
      'line 1 column 7: a control character in a string (write it as an escape such as \\n)',
    ],
    [
      'an error on a CRLF line after a byte-order mark',
      '\uFEFF{\r\n  "a": 1,\r\n  "b" 2\r\n}',
      'line 3 column 7: expected a colon',
    ],
  ];
  for (const [what, text, where] of bad) {
    it(`answers ${what} with one located line`, () => {
      expect(error(text)).toBe(`f.json: not valid JSON: ${where}`);
    });
  }

  it('refuses nesting past the limit with a located line, never a stack overflow', () => {
    expect(error('['.repeat(100_000))).toBe(
      `f.json: refused: line 1 column ${MAX_DEPTH + 1}: nested deeper than ${MAX_DEPTH} levels`,
    );
    expect(error('{"a":'.repeat(100_000))).toMatch(/nested deeper than/);
    const deepButFine = '['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH);
    expect(ok(deepButFine).data).toBeInstanceOf(Array);
  });

  it('reads a 20 MB file, and answers 20 MB of junk with one short line', () => {
    const big = `// big\n{"blob": "${'x'.repeat(20 * 1024 * 1024)}", "hooks": {}}`;
    expect(ok(big).data).toMatchObject({ hooks: {} });
    const junk = `{"a": ${'@'.repeat(20 * 1024 * 1024)}}`;
    const message = error(junk);
    expect(message).toBe(`f.json: not valid JSON: line 1 column 7: unexpected "${'@'.repeat(24)}"…`);
  });

  it('refuses a "__proto__" key, which the parser would make a prototype rather than a key', () => {
    expect(error('{\n  "hooks": {},\n  "__proto__": {"hooks": {}}\n}')).toBe(
      'f.json: refused: line 3 column 3: a key named "__proto__" is not accepted',
    );
    expect(ok('{"a": "__proto__", "b": ["__proto__"]}').data).toEqual({ a: '__proto__', b: ['__proto__'] });
  });

  it('keeps lone surrogates and odd characters in strings as they are', () => {
    expect(ok('{"a": "\\ud800", "b": "\ud800", "c": "\u2028"}').data).toEqual({
      a: '\ud800',
      b: '\ud800',
      c: '\u2028',
    });
  });

  it('never throws, and every error is one line naming the file', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc
        .array(
          fc.constantFrom(
            '{',
            '}',
            '[',
            ']',
            ',',
            ':',
            '"',
            '"a"',
            '1',
            '//',
            '/*',
            '*/',
            '\n',
            '\r\n',
            ' ',
            '\uFEFF',
            'null',
            '\\',
          ),
          { maxLength: 80 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (input) => {
        const parsed = parseJsonText(input, 'f.json');
        if (!parsed.ok)
          expect(parsed.error).toMatch(/^f\.json: (not valid JSON|refused): line \d+ column \d+: [^\n]+$/);
      }),
      { numRuns: 2000 },
    );
  });
});
