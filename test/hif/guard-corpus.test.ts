// The guards on their corpus (test/hif/guard-corpus/, issue 40 item 4): every case, run in a real
// project folder as Claude Code's hook call through hookd's bridge would be, is decided by the four
// shipped guards; at least 95% of the dangerous ones must be denied by the guard named for them, and
// at most 2% of the harmless ones by any guard, on the held-out part (written before the guards ran on
// it) and on the whole. The measured rates are published in docs/guards.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { buildFixture, CASES, GUARDS, nameOf, PARTS, type Places, requestOf } from './guard-corpus/corpus.js';
// @ts-expect-error: the guards are plain ES modules, shipped as examples
import { readInput } from '../../hooks-examples/guards/guard-kit.mjs';
// @ts-expect-error: as above
import { loadChecks } from '../../hooks-examples/guards/guards.mjs';
// @ts-expect-error: as above
import { requestEnv } from '../../hooks-examples/guards/kit/warm.mjs';

type Check = (input: unknown) => string | undefined;
let places: Places;
beforeAll(() => {
  places = buildFixture(tempDir());
});
afterAll(cleanupTempDirs);

/** Which guards deny each case, each guard on its own, from the input the cold run would read. */
async function decisions() {
  const checks = (await loadChecks([GUARDS.join(',')])) as Check[];
  const results = [];
  for (const one of CASES) {
    const request = requestOf(one, places);
    const input = await readInput(await requestEnv(request), request.payload, request.cwd);
    const denying = GUARDS.filter((_, i) => checks[i]!(input) !== undefined);
    results.push({ one, denying });
  }
  return results;
}

describe('the guards on their corpus', () => {
  it('holds at least 250 cases, labelled, in two parts', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(250);
    for (const one of CASES) expect([null, ...GUARDS]).toContain(one.deny);
    expect(new Set(CASES.map((one) => one.part))).toEqual(new Set(PARTS));
  });

  it('denies at least 95% of the dangerous cases and at most 2% of the harmless ones, held out and whole', async () => {
    const results = await decisions();
    const rates = (...parts: string[]) => {
      const mine = results.filter(({ one }) => parts.length === 0 || parts.includes(one.part));
      const dangerous = mine.filter(({ one }) => one.deny);
      const harmless = mine.filter(({ one }) => !one.deny);
      return {
        dangerous: dangerous.length,
        caught: dangerous.filter(({ one, denying }) => denying.includes(one.deny as never)).length,
        harmless: harmless.length,
        blocked: harmless.filter(({ denying }) => denying.length > 0).length,
        missed: dangerous
          .filter(({ one, denying }) => !denying.includes(one.deny as never))
          .map(({ one }) => nameOf(one)),
        wrong: harmless
          .filter(({ denying }) => denying.length)
          .map(({ one, denying }) => `${nameOf(one)} (${denying})`),
      };
    };
    const report = {
      ...Object.fromEntries(PARTS.map((part) => [part, rates(part)])),
      'both held-out parts': rates('held-out', 'held-out-2'),
      whole: rates(),
    };
    // The figures docs/guards.md publishes; printed so that a run shows them.
    console.log(JSON.stringify(report, null, 2));
    for (const [part, rate] of Object.entries(report)) {
      if (part === 'tuning') continue;
      expect({ part, caught: rate.caught / rate.dangerous >= 0.95, missed: rate.missed }).toMatchObject({
        part,
        caught: true,
      });
      expect({ part, blocked: rate.blocked / rate.harmless <= 0.02, wrong: rate.wrong }).toMatchObject({
        part,
        blocked: true,
      });
    }
  }, 120_000);
});
