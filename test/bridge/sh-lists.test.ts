// The sh bridge's lists are generated (src/bridge/sh-lists.ts): bin/hookd as committed is what the
// option table and the profiles make of it, so a new client's variables or a new bridge option
// cannot be forgotten there.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SH_LISTS, withShLists } from '../../src/bridge/sh-lists.js';
import { HOOKD } from '../helpers/paths.js';

describe("bin/hookd's generated lists", () => {
  const script = readFileSync(HOOKD, 'utf8');

  it('match the option table and the profiles (run `npm run sh-lists` after changing one)', () => {
    expect(withShLists(script)).toBe(script);
  });

  it('each stand between their markers, once', () => {
    for (const name of Object.keys(SH_LISTS)) {
      expect(script.split(`# >>> ${name}:`).length, name).toBe(2);
      expect(script.split(`# <<< ${name}\n`).length, name).toBe(2);
    }
  });

  it('are refused without their markers, rather than lost', () => {
    expect(() => withShLists(script.replace('# <<< carried-names\n', ''))).toThrow(/carried-names/);
  });
});
