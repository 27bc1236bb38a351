// Reliability: the disk fills under the daemon. The bridge still exits 0 (one line on stderr), the
// daemon keeps running, and once space returns everything stored runs.
//
// A real full disk needs a tiny filesystem, and mounting one needs root: CI runs as root. Where
// the suite runs as another user this test cannot make a full disk and does not run.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { testDaemon, stopPayload, type TestDaemon, stopTestDaemons } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

const mounts: string[] = [];
afterEach(async () => {
  await stopTestDaemons();
  for (const dir of mounts.splice(0)) await execa('umount', [dir], { reject: false });
  cleanupTempDirs();
});

const isRoot = process.getuid?.() === 0;

describe('a full disk', () => {
  // Not run where the suite is not root: see the note at the top of this file.
  it.runIf(isRoot)(
    'the bridge exits 0 saying so, the daemon keeps running, and stored events run once space returns',
    async () => {
      const tiny = path.join(tempDir(), 'tiny');
      mkdirSync(tiny);
      await execa('mount', ['-t', 'tmpfs', '-o', 'size=512k,mode=0700', 'tmpfs', tiny]);
      mounts.push(tiny);
      const out = tempDir();
      const marks = tempDir();
      const slow = `touch ${marks}/started; sleep 2; cat > ${out}/first`;
      const command = `cat > ${out}/$HOOKD_EVENT_ID`;
      const daemon = testDaemon({});
      daemon.stateDir = path.join(tiny, 'state');
      daemon.socket = path.join(daemon.stateDir, 'hookd.sock');
      daemon.env.HOOKD_STATE_DIR = daemon.stateDir;
      // One hook at a time: the second event waits in the queue while the disk fills.
      await daemon.start(['--concurrency', '1']);
      await daemon.emit(slow, stopPayload({ i: 'first' }));
      // Started for real, its process group noted on disk: a run the scheduler has taken may still
      // be before that note, which a full disk refuses (the run is then tried again later).
      await waitFor('the slow hook to start', () => existsSync(path.join(marks, 'started')));
      await daemon.emit(command, stopPayload({ i: 'queued' }));
      await waitFor(
        'the second event to be queued',
        async () =>
          ((await daemon.request('GET', '/status')).body as { queue: { pending: number } }).queue.pending === 2,
      );
      await execa('sh', ['-c', `dd if=/dev/zero of=${tiny}/filler bs=4k 2>/dev/null; true`]);

      const refused = await daemon.emit(command, stopPayload({ i: 'refused' }));
      expect(refused).toMatchObject({ exitCode: 0, stdout: '' });
      expect(refused.stderr).toMatch(
        /^hookd emit: could not store the event in .*disk full or no permission\?\); it was not delivered$/,
      );
      // The first run's outcome cannot go into the history: the log carries it, and the daemon goes on.
      await waitFor(
        'the daemon to report the full disk',
        () => /could not write the history; the outcome is logged here/.test(daemon.logs()),
        20_000,
      );
      expect(daemon.logs()).toMatch(/ENOSPC/);
      expect((await daemon.request('GET', '/health')).status).toBe(200);

      rmSync(path.join(tiny, 'filler'));
      await waitFor('the queued event to have run', () => readdirSync(out).length === 2, 20_000);
      expect((await daemon.emit(command, stopPayload({ i: 'after' }))).exitCode).toBe(0);
      await waitFor('a new event to run', () => readdirSync(out).length === 3, 20_000);
    },
  );
});
