// In-place structural edits of JSON text: the new member copies its neighbours' layout, and
// removing it gives back the original bytes, comments, trailing commas and CRLF included.
import { describe, expect, it } from 'vitest';
import { appendMember, emptyInner, removeMember } from '../../src/install/splice-json.js';
import { detectStyle } from '../../src/install/json-style.js';
import { parseJsonText } from '../../src/settings/parse-json-text.js';

const group = { hooks: [{ type: 'command', command: 'x', timeout: 1 }] };
const style = (indent: string, newline: '\n' | '\r\n' = '\n') => ({ indent, newline, finalNewline: true });

describe('appendMember and removeMember', () => {
  const cases: [string, string, (string | number)[], string | undefined, unknown, string, string][] = [
    [
      'one per line',
      '{\n  "a": [\n    1,\n    2\n  ]\n}\n',
      ['a'],
      undefined,
      { b: [3] },
      '  ',
      '{\n  "a": [\n    1,\n    2,\n    {\n      "b": [\n        3\n      ]\n    }\n  ]\n}\n',
    ],
    [
      'spaced inline elements on their own lines',
      '{\n    "Stop": [\n        { "hooks": [] }\n    ]\n}',
      ['Stop'],
      undefined,
      group,
      '    ',
      '{\n    "Stop": [\n        { "hooks": [] },\n        { "hooks": [ { "type": "command", "command": "x", "timeout": 1 } ] }\n    ]\n}',
    ],
    ['compact on one line', '{"a":[1,2]}', ['a'], undefined, { k: 'v' }, '', '{"a":[1,2,{"k":"v"}]}'],
    ['spaced on one line', '{ "a": [ 1, 2 ] }', ['a'], undefined, { k: 'v' }, '', '{ "a": [ 1, 2, { "k": "v" } ] }'],
    [
      'a new key in an object',
      '{\n\t"theme": "dark"\n}\n',
      [],
      'hooks',
      { Stop: [] },
      '\t',
      '{\n\t"theme": "dark",\n\t"hooks": {\n\t\t"Stop": []\n\t}\n}\n',
    ],
    ['into an empty array', '{\n  "Stop": []\n}\n', ['Stop'], undefined, 1, '  ', '{\n  "Stop": [\n    1\n  ]\n}\n'],
    ['into an empty object', '{}', [], 'hooks', {}, '', '{"hooks": {}}'],
    [
      'after a trailing comma, which then trails the new member',
      '{\n  "a": [\n    1,\n  ],\n}\n',
      ['a'],
      undefined,
      2,
      '  ',
      '{\n  "a": [\n    1,\n    2,\n  ],\n}\n',
    ],
    [
      'a key after comment lines, at the indentation of the code',
      '// head\n{\n  // about a\n  "a": 1\n}',
      [],
      'b',
      true,
      '  ',
      '// head\n{\n  // about a\n  "a": 1,\n  "b": true\n}',
    ],
    [
      'into an empty list holding a comment, which stays',
      '{\n  "Stop": [ // none yet\n  ]\n}\n',
      ['Stop'],
      undefined,
      1,
      '  ',
      '{\n  "Stop": [\n    1 // none yet\n  ]\n}\n',
    ],
    [
      'in a CRLF file, with CRLF',
      '{\r\n  "a": [\r\n    {\r\n      "x": 1\r\n    }\r\n  ]\r\n}\r\n',
      ['a'],
      undefined,
      { y: [2] },
      '  ',
      '{\r\n  "a": [\r\n    {\r\n      "x": 1\r\n    },\r\n    {\r\n      "y": [\r\n        2\r\n      ]\r\n    }\r\n  ]\r\n}\r\n',
    ],
    [
      'at the neighbour’s odd indentation step',
      '{\n   "a": {\n      "b": 1\n   }\n}',
      ['a'],
      'c',
      { d: 1 },
      '   ',
      '{\n   "a": {\n      "b": 1,\n      "c": {\n         "d": 1\n      }\n   }\n}',
    ],
    ['with the neighbour’s colon', '{"a":1}', [], 'b', 2, '', '{"a":1,"b":2}'],
  ];
  for (const [what, text, path, key, value, unit, expected] of cases) {
    it(`appends ${what}, and removes it again`, () => {
      const newline = text.includes('\r\n') ? '\r\n' : '\n';
      const after = appendMember(text, path, key, value, style(unit, newline));
      expect(after).toBe(expected);
      const parsed = parseJsonText(text, 'f');
      const list = parsed.ok
        ? (path.reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], parsed.data) as unknown[])
        : [];
      const back = removeMember(after, [...path, key ?? list.length]);
      expect(back).toBe(text);
    });
  }

  it('closes up an emptied container, or puts back the blanks it held when told them', () => {
    const after = appendMember('{"a": [ ]}', ['a'], undefined, 1, style(''));
    expect(after).toBe('{"a": [1]}');
    expect(emptyInner('{"a": [ ]}', ['a'])).toBe(' ');
    expect(emptyInner(after, ['a'])).toBeUndefined();
    expect(removeMember(after, ['a', 0])).toBe('{"a": []}');
    expect(removeMember(after, ['a', 0], ' ')).toBe('{"a": [ ]}');
  });

  it('removes the first, a middle and the last member with their separators', () => {
    const text = '[\n  1,\n  2,\n  3\n]';
    expect(removeMember(text, [0])).toBe('[\n  2,\n  3\n]');
    expect(removeMember(text, [1])).toBe('[\n  1,\n  3\n]');
    expect(removeMember(text, [2])).toBe('[\n  1,\n  2\n]');
    expect(removeMember('{ "a": 1, "b": "x\\"y", "c": [] }', ['b'])).toBe('{ "a": 1, "c": [] }');
    // jsonc-parser's own removal gives `[12]` here.
    expect(removeMember('[1, 2]', [1])).toBe('[1]');
  });

  it('refuses a path that is not there', () => {
    expect(() => removeMember('{"a": 1}', ['b'])).toThrow(/no b in the JSON text/);
    expect(() => appendMember('{"a": 1}', ['a'], undefined, 1, style(''))).toThrow(/no object or array/);
  });
});

describe('detectStyle', () => {
  it('reads the unit, the line ends and the final newline, past comments', () => {
    expect(detectStyle('/*\n * settings\n */\n{\n\t"a": 1\n}\n')).toEqual({
      indent: '\t',
      newline: '\n',
      finalNewline: true,
    });
    expect(detectStyle('{\r\n    "a": 1\r\n}')).toEqual({ indent: '    ', newline: '\r\n', finalNewline: false });
    expect(detectStyle('{"a":1}')).toMatchObject({ indent: '' });
    expect(detectStyle('// only a comment\r\n', false)).toEqual({ indent: '  ', newline: '\r\n', finalNewline: true });
  });
});
