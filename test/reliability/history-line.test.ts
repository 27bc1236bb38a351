// Reproduction of issue 21 item 8 (history): one history line of 5 MiB (here a payload whose
// session id is 5 MiB) rotated the file on its own, and with the next line pushed out the whole
// history before it. Now a line is bounded (src/history/history-entry.ts): the runs before it stay.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { bridgeOnStop, stopPayload, stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { MAX_LINE_BYTES } from '../../src/history/history-entry.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

describe('a huge history line (issue 21 item 8)', () => {
  it('a run whose session id is 5 MiB is recorded, bounded, and the runs before and after it stay in the history', async () => {
    const daemon = testDaemon(bridgeOnStop('true', 10));
    await daemon.start();
    await daemon.emit('true', stopPayload({ session_id: 'before' }));
    await waitFor('the first run', () => daemon.history().length === 1);
    expect((await daemon.emit('true', stopPayload({ session_id: 's'.repeat(5 * 1024 * 1024) }))).exitCode).toBe(0);
    await waitFor('the huge run', () => daemon.history().length === 2, 20_000);
    await daemon.emit('true', stopPayload({ session_id: 'after' }));
    await waitFor('the third run', () => daemon.history().length === 3, 20_000);
    const file = path.join(daemon.stateDir, 'history.jsonl');
    expect(daemon.history().map((line) => String(line.session).slice(0, 6))).toEqual(['before', 'ssssss', 'after']);
    expect(String(daemon.history()[1]!.session)).toMatch(/… \(\d+ more characters\)$/);
    expect(existsSync(`${file}.1`), 'the history was rotated').toBe(false);
    expect(statSync(file).size).toBeLessThan(2 * MAX_LINE_BYTES);
  }, 120_000);
});
