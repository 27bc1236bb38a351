// Reproduction of issue 21 item 8 (timeouts): the daemon stopped with SIGSTOP while a hook ran, and
// continued after the hook's deadline had passed on the clock; the hook had taken 1 s of its 3 s,
// yet was recorded timed_out (the deadline's timer came due before the daemon read the exit).
// Now the hook's own state decides when the timer fires (src/executor/posix-run.ts). A hook that does
// overrun its deadline while the daemon is stopped is still timed out once it continues.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { bridgeOnStop, stopPayload, stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const TIMEOUT_S = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a daemon stopped and continued while a hook runs (issue 21 item 8)', () => {
  for (const [name, seconds, outcome] of [
    ['took 1 s of its 3 s', 1, 'ok'],
    ['ran on past its 3 s', 30, 'timed_out'],
  ] as const) {
    it(`a hook that ${name}, the daemon stopped for longer than the deadline: ${outcome}`, async () => {
      const out = tempDir();
      const command = `touch ${out}/started; sleep ${seconds}; touch ${out}/ended`;
      const daemon = testDaemon(bridgeOnStop(command, TIMEOUT_S));
      await daemon.start();
      await daemon.emit(command, stopPayload());
      await waitFor('the hook to start', () => existsSync(path.join(out, 'started')));
      const startedAt = Date.now();
      daemon.process!.kill('SIGSTOP');
      try {
        if (outcome === 'ok')
          await waitFor('the hook to end while the daemon is stopped', () => existsSync(path.join(out, 'ended')));
        // Past the deadline on the clock before the daemon goes on.
        await sleep(TIMEOUT_S * 1000 + 1000 - (Date.now() - startedAt));
      } finally {
        daemon.process!.kill('SIGCONT');
      }
      const line = await waitFor('the outcome', () => daemon.history()[0], 15_000);
      expect(line.outcome).toBe(outcome);
    }, 120_000);
  }
});
