// The tiers a developer runs while working (scripts/test-tiers.mjs: npm run test:fast, test:e2e,
// test:reliability, test:clients; and test:windows, under wine, which `npm test` leaves out) split
// the test files: every one in exactly one, and the fast tier holds no test that runs the binary or
// a process.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

type Tiers = Record<'fast' | 'e2e' | 'reliability' | 'clients' | 'windows', () => string[]>;
const { TIERS, endToEnd } = (await import(path.join(ROOT, 'scripts', 'test-tiers.mjs'))) as {
  TIERS: Tiers;
  endToEnd: (file: string) => boolean;
};

function allTests(dir = 'test'): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') return [];
    return statSync(path.join(ROOT, rel)).isDirectory() ? allTests(rel) : rel.endsWith('.test.ts') ? [rel] : [];
  });
}

describe('the test tiers', () => {
  it('hold every test file of the suite once', () => {
    const tiered = Object.values(TIERS).flatMap((tier) => tier());
    expect(tiered.length).toBe(new Set(tiered).size);
    expect(tiered.sort()).toEqual(allTests().sort());
    expect(TIERS.fast().length).toBeGreaterThan(20);
  });

  it('keep the binary and the daemon out of the fast tier', () => {
    expect(TIERS.fast().filter(endToEnd)).toEqual([]);
    expect(endToEnd('test/daemon/daemon.test.ts')).toBe(true);
    expect(endToEnd('test/runs/outcome.test.ts')).toBe(false);
  });
});
