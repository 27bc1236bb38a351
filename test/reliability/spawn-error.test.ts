// Reliability, issue 11 item 6: a command the system cannot start (a 3 MB command: E2BIG, over the
// argument limit) used to be retried every 2 s for ever, logging the whole command each time. It
// ends once, as the outcome spawn_error, and no log line carries the whole command.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { writeRecord } from '../../src/inbox/write-record.js';
import { testDaemon, stopPayload, stopTestDaemons } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a command the system cannot start', () => {
  it('a 3 MB command ends once as spawn_error, with bounded log lines', async () => {
    const daemon = testDaemon();
    await daemon.start();
    // Written as the bridge would (no client can run a 3 MB command line to reach the bridge).
    const command = `echo ${'x'.repeat(3_000_000)}`;
    await writeRecord(daemon.stateDir, { command, clientEnv: {}, payload: Buffer.from(stopPayload()) });
    const outcome = await waitFor(
      'the outcome in the history',
      () => daemon.history().find((entry) => entry.outcome === 'spawn_error'),
      15_000,
    );
    expect(String(outcome.detail ?? outcome.error ?? JSON.stringify(outcome))).toMatch(/E2BIG/);
    // Long enough for the old daemon to have tried it twice more.
    await sleep(5000);
    expect(daemon.history().filter((entry) => entry.eventId === outcome.eventId)).toHaveLength(1);
    expect(readdirSync(path.join(daemon.stateDir, 'inbox', 'cur'))).toEqual([]);
    const logBytes = Buffer.byteLength(daemon.logs());
    const longestLine = Math.max(
      ...daemon
        .logs()
        .split('\n')
        .map((line) => line.length),
    );
    expect(logBytes).toBeLessThan(20_000);
    expect(longestLine).toBeLessThan(2_000);
    console.log(
      `spawn_error: a 3 MB command recorded once; ${logBytes} bytes of log in 5 s, longest line ${longestLine} characters`,
    );
  }, 120_000);
});
