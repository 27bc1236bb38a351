// Reproduction of issue 29 item 6: a project with 20,000 hook files under `.github/hooks/` added
// 15.8 s to each of its events, as every file was read again for every event (the cache of 256
// files turned over each time). A project folder is now read up to a bound on files, said once in
// the log, and a command no project file names is remembered as such per (project, command) until
// the project's files change. Measured in bytes the daemon reads (/proc/PID/io), not in time.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stopPayload, stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

// Generous: removing 20,000 files on a loaded machine takes a while.
afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
}, 120_000);

const FILES = 20_000;

/** A project whose `.github/hooks/` holds FILES valid Copilot CLI hook files of about 300 bytes, none naming the test's command. */
function crowdedProject(): string {
  const dir = tempDir('hookd-project-');
  const folder = path.join(dir, '.github', 'hooks');
  mkdirSync(folder, { recursive: true });
  const pad = 'x'.repeat(200);
  for (let i = 0; i < FILES; i++) {
    const hooks = {
      version: 1,
      hooks: { agentStop: [{ type: 'command', bash: `hookd emit -- 'echo other-${i} ${pad}'`, timeoutSec: 5 }] },
    };
    writeFileSync(path.join(folder, `hook-${String(i).padStart(5, '0')}.json`), JSON.stringify(hooks));
  }
  return dir;
}

/** The bytes the daemon process has read so far (its own reads: files, sockets, pipes). */
const bytesRead = (daemon: TestDaemon) =>
  Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${daemon.process!.pid}/io`, 'utf8'))![1]);

// One event from the project running `command`, which appends a line to `log`: waits for its line.
async function eventFrom(daemon: TestDaemon, project: string, command: string, log: string, n: number): Promise<void> {
  // Each its own payload: the same one twice within 2 s is one event delivered twice, run once.
  expect((await daemon.emit(command, stopPayload({ cwd: project, n }))).exitCode).toBe(0);
  await waitFor(
    `the hook of event ${n} to run`,
    () => existsSync(log) && readFileSync(log, 'utf8').split('\n').length > n,
    60_000,
  );
}

describe('reproduction of issue 29 item 6: a project folder with 20,000 hook files', () => {
  it.runIf(process.platform === 'linux')(
    'is read up to a bound, said once, and not read again for a command it does not name',
    async () => {
      const project = crowdedProject();
      const out = tempDir();
      const log = path.join(out, 'ran.log');
      const command = `echo ran >> ${log}`;
      const daemon = testDaemon({});
      await daemon.start();
      await eventFrom(daemon, project, command, log, 1);
      const folder = path.join(project, '.github', 'hooks');
      await waitFor('the log line about the bound', () =>
        daemon.logs().includes(`${folder} holds ${FILES} hook files`),
      );

      const before = bytesRead(daemon);
      for (let n = 2; n <= 5; n++) await eventFrom(daemon, project, command, log, n);
      const read = bytesRead(daemon) - before;
      console.log(
        `project hook folder: ${read} bytes read by the daemon for 4 events from a project with ${FILES} hook files`,
      );
      // Each file read again would be about 6 MB an event; an event's own record is a few KB.
      expect(read).toBeLessThan(1024 * 1024);
      expect(daemon.logs().split(`${folder} holds ${FILES} hook files`).length - 1).toBe(1);
    },
    180_000,
  );

  it('a command remembered as named by no project file is looked up again once a file naming it is added', async () => {
    const project = tempDir('hookd-project-');
    const folder = path.join(project, '.github', 'hooks');
    mkdirSync(folder, { recursive: true });
    const command = 'sleep 3';
    const daemon = testDaemon({});
    await daemon.start();
    // No file names it: the default timeout, and the run ends ok.
    expect((await daemon.emit(command, stopPayload({ cwd: project, n: 1 }))).exitCode).toBe(0);
    await waitFor('the first run', () => daemon.history().find((entry) => entry.command === command), 30_000);
    expect(daemon.history()[0]!.outcome).toBe('ok');
    // A file naming it with a 1 s timeout: the miss is forgotten, and the second run is cut at 1 s.
    writeFileSync(
      path.join(folder, 'guard.json'),
      JSON.stringify({
        version: 1,
        hooks: { Stop: [{ type: 'command', bash: `hookd emit -- '${command}'`, timeoutSec: 1 }] },
      }),
    );
    expect((await daemon.emit(command, stopPayload({ cwd: project, n: 2 }))).exitCode).toBe(0);
    await waitFor(
      'the second run',
      () => daemon.history().filter((entry) => entry.command === command).length === 2,
      30_000,
    );
    expect(daemon.history()[1]!.outcome).toBe('timed_out');
  });
});
