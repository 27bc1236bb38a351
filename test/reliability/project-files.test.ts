// Reproduction of issue 21 item 7: a cloned repository whose `.cursor/hooks.json` was a symlink to
// /proc/self/pagemap, and an event from that directory, made the daemon read without bound (RSS
// +1.5 GB/s), and the record wedged it again after a restart. A project's files are now read as
// regular files only, up to 1 MiB, through the thread pool (src/common/read-bounded-file.ts): the
// event runs with the default timeout and the daemon's memory stays where it was.
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { stopPayload, stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookd } from '../helpers/run-hookd.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

// A sparse file: no disk, and a reader that trusts it holds all of it.
const HUGE = 300 * 1024 * 1024;

/** The daemon's peak resident memory so far, in MiB (VmHWM). */
function peakMiB(daemon: TestDaemon): number {
  const status = readFileSync(`/proc/${daemon.process!.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** A project whose `.cursor/hooks.json` is a symlink to `target`; an event from it runs `command`. */
function project(target: string): string {
  const dir = tempDir('hookd-project-');
  mkdirSync(path.join(dir, '.cursor'));
  symlinkSync(target, path.join(dir, '.cursor', 'hooks.json'));
  return dir;
}

async function runFrom(daemon: TestDaemon, dir: string, out: string, name: string): Promise<void> {
  const command = `touch ${out}/${name}`;
  expect((await daemon.emit(command, stopPayload({ cwd: dir }))).exitCode).toBe(0);
  await waitFor(`the hook of the event from ${name}'s project to run`, () => existsSync(path.join(out, name)), 20_000);
}

describe('files a project directory holds (issue 21 item 7)', () => {
  it('a hooks.json that is a 300 MiB file, /proc/self/pagemap or a FIFO: the event runs, the daemon reads none of it', async () => {
    const out = tempDir();
    const daemon = testDaemon({});
    await daemon.start();
    const before = peakMiB(daemon);
    const huge = path.join(tempDir(), 'huge.json');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, HUGE);
    closeSync(fd);
    await runFrom(daemon, project(huge), out, 'huge');
    const afterHuge = peakMiB(daemon);
    console.log(
      `project files: peak RSS ${before.toFixed(0)} MiB before, ${afterHuge.toFixed(0)} MiB after an event from a project whose hooks.json is ${HUGE / 1024 / 1024} MiB`,
    );
    expect(afterHuge - before).toBeLessThan(64);
    // Checked only once the bounded read is proven above: unbounded, this one grows without end.
    await runFrom(daemon, project('/proc/self/pagemap'), out, 'pagemap');
    const fifo = path.join(tempDir(), 'fifo');
    await execa('mkfifo', [fifo]);
    await runFrom(daemon, project(fifo), out, 'fifo');
    expect(peakMiB(daemon) - before).toBeLessThan(64);
    await waitFor('the three outcomes in the history', () => daemon.history().length === 3);
    expect(daemon.history().map((entry) => entry.outcome)).toEqual(['ok', 'ok', 'ok']);
    // Nothing left in the inbox to wedge the next start.
    expect(readdirSync(path.join(daemon.stateDir, 'inbox', 'cur'))).toEqual([]);
  }, 120_000);

  it('hookd validate on such a file says why it is not read, at once', async () => {
    const huge = path.join(tempDir(), 'huge.json');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, HUGE);
    closeSync(fd);
    for (const [target, why] of [
      [huge, 'larger than 1 MiB'],
      ['/proc/self/pagemap', 'larger than 1 MiB'],
      ['/dev/zero', 'not a regular file'],
    ] as const) {
      const file = path.join(project(target), '.cursor', 'hooks.json');
      const result = await runHookd(['validate', '--settings', file]);
      expect(result.exitCode, target).not.toBe(0);
      expect(result.stderr, target).toContain(`${file}: ${why}`);
    }
  });
});
