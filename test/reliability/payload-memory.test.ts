// Reliability, issue 11 item 11: memory followed payload size. 600 payloads of 1 MiB took the
// daemon from 64 MB to 1.26 GB (every waiting record held its payload), and rejected/ kept every
// rejected record for ever, a 100 MB one included. The daemon's peak RSS is compared with its own
// RSS after a few small events, measured in the same test; rejected/ stays within its bounds.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeRecord } from '../../src/inbox/write-record.js';
import { REJECTED_LIMITS } from '../../src/inbox/rejected-shelf.js';
import { testDaemon, stopPayload, stopTestDaemons, bridgeOnStop, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const MiB = 1024 * 1024;

// VmRSS (now) or VmHWM (the peak) of the daemon, in bytes.
function memoryOf(daemon: TestDaemon, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${daemon.process!.pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
}

const outcomes = (daemon: TestDaemon, outcome: string) =>
  daemon.history().filter((entry) => entry.outcome === outcome).length;

describe('memory and disk follow payload size no more', () => {
  it.runIf(process.platform === 'linux')(
    '300 payloads of 1 MiB queued at once: the peak RSS stays within a few times the RSS after small events',
    async () => {
      const command = 'cat > /dev/null; sleep 0.2';
      const daemon = testDaemon(bridgeOnStop(command, 30));
      await daemon.start();
      for (let i = 0; i < 20; i++)
        await writeRecord(daemon.stateDir, { command, clientEnv: {}, payload: Buffer.from(stopPayload({ i })) });
      await waitFor('the small events to run', () => outcomes(daemon, 'ok') === 20, 30_000);
      const baseline = memoryOf(daemon, 'VmRSS');

      // Written faster than 8 hooks of 0.2 s take them: hundreds wait in the daemon at once.
      const big = 'x'.repeat(MiB);
      for (let i = 0; i < 300; i++)
        await writeRecord(daemon.stateDir, {
          command,
          clientEnv: {},
          payload: Buffer.from(stopPayload({ session_id: `s${i % 40}`, i, big })),
        });
      await waitFor('the 1 MiB events to run', () => outcomes(daemon, 'ok') === 320, 120_000);
      const peak = memoryOf(daemon, 'VmHWM');
      const idle = memoryOf(daemon, 'VmRSS');
      console.log(
        `memory: RSS ${(baseline / MiB).toFixed(0)} MiB after 20 small events; peak ${(peak / MiB).toFixed(0)} MiB (×${(peak / baseline).toFixed(2)}) for 300 × 1 MiB; ${(idle / MiB).toFixed(0)} MiB after`,
      );
      // Holding every waiting payload (the old daemon) is 300 MiB more at the least; generous otherwise.
      expect(peak).toBeLessThan(baseline * 3.5);
    },
    180_000,
  );

  it(`rejected/ keeps at most ${REJECTED_LIMITS.records} records and ${REJECTED_LIMITS.bytes / MiB} MiB, oldest removed first; a 40 MiB record leaves only its reason`, async () => {
    const daemon = testDaemon();
    await daemon.start();
    const rejected = path.join(daemon.stateDir, 'inbox', 'rejected');
    const usage = () => {
      const files = readdirSync(rejected);
      return {
        records: files.filter((file) => !file.endsWith('.reason')).length,
        reasons: files.filter((file) => file.endsWith('.reason')).length,
        bytes: files.reduce((sum, file) => sum + statSync(path.join(rejected, file)).size, 0),
      };
    };
    // Not JSON (cut short): each is rejected.
    const invalid = (size: number) => Buffer.from(`{"hook_event_name":"Stop","x":"${'x'.repeat(size)}`);
    for (let i = 0; i < 40; i++)
      await writeRecord(daemon.stateDir, { command: 'true', clientEnv: {}, payload: invalid(2 * MiB) });
    await waitFor('the 2 MiB records to be rejected', () => outcomes(daemon, 'rejected') === 40, 60_000);
    const afterBig = usage();
    expect(afterBig.bytes).toBeLessThanOrEqual(REJECTED_LIMITS.bytes);
    expect(afterBig.records).toBeLessThan(40);

    for (let i = 0; i < 150; i++)
      await writeRecord(daemon.stateDir, { command: 'true', clientEnv: {}, payload: invalid(100) });
    const huge = await writeRecord(daemon.stateDir, { command: 'true', clientEnv: {}, payload: invalid(40 * MiB) });
    await waitFor('every record to be rejected', () => outcomes(daemon, 'rejected') === 191, 60_000);
    const after = usage();
    expect(after.records).toBeLessThanOrEqual(REJECTED_LIMITS.records);
    expect(after.reasons).toBeLessThanOrEqual(REJECTED_LIMITS.records);
    expect(after.bytes).toBeLessThanOrEqual(REJECTED_LIMITS.bytes);
    // The newest is kept: the huge record's reason, without the record.
    const hugeReason = readdirSync(rejected).find((file) => file.endsWith(`-${huge}.reason`));
    expect(hugeReason).toBeDefined();
    expect(readFileSync(path.join(rejected, hugeReason!), 'utf8')).toMatch(/over the 32 MiB limit[\s\S]*was deleted/);
    expect(readdirSync(rejected)).not.toContain(hugeReason!.replace(/\.reason$/, ''));
    console.log(
      `rejected/: 40 of 2 MiB rejected, kept ${afterBig.records} (${(afterBig.bytes / MiB).toFixed(1)} MiB); then 150 small and one of 40 MiB, kept ${after.records} records (${(after.bytes / MiB).toFixed(1)} MiB)`,
    );
  }, 180_000);
});
