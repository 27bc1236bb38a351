import { describe, expect, it } from 'vitest';
import { serialized } from '../../src/common/serialized.js';

describe('serialized', () => {
  it('never overlaps runs, and folds calls made during a run into one more run', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const run = serialized(async () => {
      active++;
      most = Math.max(most, active);
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      active--;
    });
    await Promise.all([run(), run(), run(), run()]);
    expect(most).toBe(1);
    expect(runs).toBe(2);
    await run();
    expect(runs).toBe(3);
  });

  it('starts afresh after a run that threw', async () => {
    let calls = 0;
    const run = serialized(async () => {
      calls++;
      if (calls === 1) throw new Error('first fails');
    });
    await expect(run()).rejects.toThrow('first fails');
    await run();
    expect(calls).toBe(2);
  });
});

describe('serialized under a steady stream of calls', () => {
  it('resolves a call once a run that began after it has ended, though runs go on', async () => {
    let runs = 0;
    let calling = true;
    const run = serialized(async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    // Another caller keeps asking, as arriving records ask for scans.
    const stream = (async () => {
      while (calling) {
        void run();
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = runs;
    await run();
    // Resolved after at most the run under way and the one it folded into, while calls keep coming.
    expect(runs - before).toBeLessThanOrEqual(2);
    expect(calling).toBe(true);
    calling = false;
    await stream;
  });
});
