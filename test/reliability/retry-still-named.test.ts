// Reproduction of issue 21 item 8 (retry): `hookd retry` and the page's Retry ran a command no
// longer in any settings file, and a retried hook never saw HOOKD_RETRY_OF (the README said it
// did). Now a retry runs only what the settings still name, says why not otherwise, and the hook
// gets HOOKD_RETRY_OF.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bridgeOnStop, stopPayload, stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookd } from '../helpers/run-hookd.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

function setHooks(daemon: TestDaemon, hooks: object): void {
  writeFileSync(daemon.settings, JSON.stringify({ model: 'm', hooks }, null, 2));
}

const hookCount = async (daemon: TestDaemon) =>
  ((await daemon.request('GET', '/status')).body as { settings: { daemonHooks: number } }).settings.daemonHooks;

describe('hookd retry and the settings (issue 21 item 8)', () => {
  it('refuses to run a command removed from the settings, saying why; once named again, runs it with HOOKD_RETRY_OF', async () => {
    const out = tempDir();
    const command = `printf %s "$HOOKD_RETRY_OF" > ${out}/retry-of-$HOOKD_EVENT_ID; exit 4`;
    const daemon = testDaemon(bridgeOnStop(command, 10));
    await daemon.start();
    await daemon.emit(command, stopPayload());
    await waitFor('the failed run', () => daemon.history().some((line) => line.outcome === 'failed'));
    const id = String(daemon.history()[0]!.eventId);
    expect(readFileSync(path.join(out, `retry-of-${id}`), 'utf8')).toBe('');

    setHooks(daemon, {});
    await waitFor('the daemon to reload the emptied settings', async () => (await hookCount(daemon)) === 0);
    const refused = await runHookd(['retry', id], { env: daemon.env });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(
      `hookd: run ${id} is not retried: no settings file names ${JSON.stringify(command)} for Stop any more`,
    );
    expect(refused.stderr).toContain('nothing was run');

    setHooks(daemon, bridgeOnStop(command, 10));
    await waitFor('the daemon to reload the settings', async () => (await hookCount(daemon)) === 1);
    const retried = await runHookd(['retry', id], { env: daemon.env });
    expect(retried.exitCode, retried.stderr).toBe(0);
    expect(retried.stdout).toMatch(new RegExp(`^queued ${id} again as `));
    const line = await waitFor('the retried run', () => daemon.history().find((entry) => entry.retryOf === id));
    expect(readFileSync(path.join(out, `retry-of-${String(line.eventId)}`), 'utf8')).toBe(id);
    // Only the one retry that was allowed ran.
    expect(daemon.history()).toHaveLength(2);
  });
});
