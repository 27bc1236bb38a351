// The Windows bridge's job mode as Node's Windows executor uses it (src/executor/windows-job.ts): the
// command line the executor writes reaches the program word for word, and its exit code comes back.
// Its standard streams and the deadline's end of the whole tree are bridge.test.ts's, through `hookd sync`.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { windowsBridge } from './bridge-exe.mjs';
import { runWindows, windowsPath } from './wine.js';

const JOB_MODULE = windowsPath(path.join(ROOT, 'dist', 'executor', 'windows-job.js'));
const FIXTURE = path.join(ROOT, 'test', 'windows', 'fixtures', 'job-argv.mjs');

// Words the C library's quoting must carry: blanks, quotes, backslashes before a quote and at the end, none at all.
const WORDS = ['a b', 'q"uote', 'back\\', 'tr\\"icky \\\\', '', 'J\u00fcrgen \u2713', '%PATH%'];

let bridge = '';
beforeAll(async () => {
  bridge = windowsPath(await windowsBridge());
});

describe('hookd-bridge.exe job (under wine)', () => {
  it("passes the executor's quoted words to the program unchanged and hands back its exit code", async () => {
    const run = await runWindows('node.exe', [FIXTURE, JOB_MODULE, bridge], {
      env: { JOB_WORDS: JSON.stringify(WORDS) },
    });
    expect(String(run.stderr)).toContain('job: true');
    expect(JSON.parse(String(run.stdout))).toEqual(WORDS);
    expect(run.code).toBe(7);
  });

  it('says how it is used when no program follows', async () => {
    const run = await runWindows(bridge, ['job']);
    expect(run.code).toBe(2);
    expect(String(run.stderr)).toContain('usage: hookd-bridge.exe job -- PROGRAM');
  });
});
