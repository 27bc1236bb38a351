// Reliability, issue 11 item 5: the inbox deleted under the daemon. Claims used to fail as
// "already gone" and events waited for ever while /health said OK. The daemon recreates the
// folders (saying so in its log) and goes on: the next events run.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { testDaemon, stopPayload, stopTestDaemons, bridgeOnStop } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

describe('the inbox deleted under the daemon', () => {
  for (const deleted of ['inbox/cur', 'inbox'] as const) {
    it(`${deleted}/ deleted: the daemon recreates it and the next events run`, async () => {
      const out = tempDir();
      const command = `cat > ${out}/$HOOKD_EVENT_ID`;
      const daemon = testDaemon(bridgeOnStop(command, 10));
      await daemon.start();
      await daemon.emit(command, stopPayload({ i: 'before' }));
      await waitFor('the first event to run', () => readdirSync(out).length === 1);

      rmSync(path.join(daemon.stateDir, deleted), { recursive: true, force: true });
      const deletedAt = Date.now();
      for (const i of [1, 2, 3]) expect((await daemon.emit(command, stopPayload({ i }))).exitCode).toBe(0);
      await waitFor('the events sent after the deletion to run', () => readdirSync(out).length === 4, 15_000);
      const tookMs = Date.now() - deletedAt;

      expect(daemon.logs()).toMatch(
        new RegExp(
          `"msg":"[^"]*${deleted === 'inbox' ? 'inbox/attempts.log' : 'inbox/cur'}[^"]* deleted while the daemon ran; recreated`,
        ),
      );
      expect((await daemon.request('GET', '/health')).status).toBe(200);
      for (const folder of ['tmp', 'new', 'cur', 'rejected'])
        expect(existsSync(path.join(daemon.stateDir, 'inbox', folder))).toBe(true);
      // The attempts journal is written again too: a crash from now on still counts its runs.
      expect(existsSync(path.join(daemon.stateDir, 'inbox', 'attempts.log'))).toBe(true);
      await waitFor('the inbox to empty', () =>
        ['new', 'cur', 'tmp'].every((folder) => readdirSync(path.join(daemon.stateDir, 'inbox', folder)).length === 0),
      );
      console.log(`${deleted}/ deleted: recreated, 3 events sent after it ran within ${tookMs} ms`);
    }, 120_000);
  }
});
