// In-place structural edits of JSON text: the new member copies its neighbours' layout, and
// removing it gives back the original bytes.
import { describe, expect, it } from 'vitest';
import { appendMember, removeMember } from '../../src/install/json-splice.js';

const group = { hooks: [{ type: 'command', command: 'x', timeout: 1 }] };

describe('appendMember and removeMember', () => {
  const cases: [string, string, (string | number)[], string | undefined, unknown, string, string][] = [
    ['one per line', '{\n  "a": [\n    1,\n    2\n  ]\n}\n', ['a'], undefined, { b: [3] }, '  ', '{\n  "a": [\n    1,\n    2,\n    {\n      "b": [\n        3\n      ]\n    }\n  ]\n}\n'],
    ['spaced inline elements on their own lines', '{\n    "Stop": [\n        { "hooks": [] }\n    ]\n}', ['Stop'], undefined, group, '    ', '{\n    "Stop": [\n        { "hooks": [] },\n        { "hooks": [ { "type": "command", "command": "x", "timeout": 1 } ] }\n    ]\n}'],
    ['compact on one line', '{"a":[1,2]}', ['a'], undefined, { k: 'v' }, '', '{"a":[1,2,{"k":"v"}]}'],
    ['spaced on one line', '{ "a": [ 1, 2 ] }', ['a'], undefined, { k: 'v' }, '', '{ "a": [ 1, 2, { "k": "v" } ] }'],
    ['a new key in an object', '{\n\t"theme": "dark"\n}\n', [], 'hooks', { Stop: [] }, '\t', '{\n\t"theme": "dark",\n\t"hooks": {\n\t\t"Stop": []\n\t}\n}\n'],
    ['into an empty array', '{\n  "Stop": []\n}\n', ['Stop'], undefined, 1, '  ', '{\n  "Stop": [\n    1\n  ]\n}\n'],
    ['into an empty object', '{}', [], 'hooks', {}, '', '{"hooks": {}}'],
  ];
  for (const [what, text, path, key, value, unit, expected] of cases) {
    it(`appends ${what}, and removes it again`, () => {
      const after = appendMember(text, path, key, value, unit);
      expect(after).toBe(expected);
      const index = key ?? (JSON.parse(text) as Record<string, unknown[]>)[path.at(-1) as string]!.length;
      const back = removeMember(after, [...path, index]);
      // An emptied container closes up: `[]` and `{}` come back as they were written.
      expect(back).toBe(text);
    });
  }

  it('removes the first, a middle and the last member with their separators', () => {
    const text = '[\n  1,\n  2,\n  3\n]';
    expect(removeMember(text, [0])).toBe('[\n  2,\n  3\n]');
    expect(removeMember(text, [1])).toBe('[\n  1,\n  3\n]');
    expect(removeMember(text, [2])).toBe('[\n  1,\n  2\n]');
    expect(removeMember('{ "a": 1, "b": "x\\"y", "c": [] }', ['b'])).toBe('{ "a": 1, "c": [] }');
  });

  it('refuses a path that is not there', () => {
    expect(() => removeMember('{"a": 1}', ['b'])).toThrow(/no b in the JSON text/);
  });
});
