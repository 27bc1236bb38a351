// Reproduction of issue 11 items 10 and 12: the lock trusted any live pid (a daemon.pid naming an
// unrelated process, or a killed daemon still a zombie, blocked start-up), `--socket` naming a
// regular file deleted it, two daemons given one socket stole it from each other, and a start on a
// full disk left an empty daemon.pid.<pid> behind per try. The lock is now a socket the kernel
// closes with its process (src/daemon/lock.ts), and a socket path is taken only from nobody.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';
import { isRoot } from '../helpers/second-user.js';

const children: ResultPromise[] = [];
const mounts: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill('SIGKILL');
    await child.catch(() => undefined);
  }
  await stopTestDaemons();
  for (const dir of mounts.splice(0)) await execa('umount', [dir], { reject: false });
  cleanupTempDirs();
});

const health = (daemon: TestDaemon) =>
  daemon.request('GET', '/health').then(
    (r) => r.status,
    () => 0,
  );

/** Start `count` daemons on one state directory at once; resolves when one answers and the others gave up. */
async function startTogether(daemon: TestDaemon, count: number): Promise<string[]> {
  const starts = Array.from({ length: count }, () =>
    execa(HOOKD, ['daemon'], { env: daemon.env, reject: false, all: true }),
  );
  children.push(...starts);
  await waitFor('one daemon to answer', async () => (await health(daemon)) === 200);
  const ended = await waitFor(`${count - 1} daemons to give up`, () => {
    const done = starts.filter((start) => start.exitCode !== null);
    return done.length === count - 1 ? done : undefined;
  });
  const outputs: string[] = [];
  for (const start of ended) {
    const result = await start;
    expect(result.exitCode).toBe(1);
    outputs.push(String(result.all));
  }
  expect(await health(daemon)).toBe(200);
  return outputs;
}

describe('the daemon lock', () => {
  it('a daemon.pid naming an unrelated live process does not block start-up', async () => {
    const sleeper = execa('sleep', ['100']);
    children.push(sleeper);
    const daemon = testDaemon({});
    mkdirSync(daemon.stateDir, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(daemon.stateDir, 'daemon.pid'), String(sleeper.pid));
    await daemon.start();
    expect(await health(daemon)).toBe(200);
  });

  it.runIf(process.platform === 'linux')(
    'a daemon killed with -9 whose parent has not reaped it (a zombie) does not block a restart',
    async () => {
      const daemon = testDaemon({});
      // sh starts the daemon, then becomes `sleep`, which never waits for its child.
      const parent = execa('sh', ['-c', `${HOOKD} daemon >/dev/null 2>&1 & echo $!; exec sleep 100`], {
        env: daemon.env,
        buffer: false,
      });
      children.push(parent);
      const pid = await new Promise<number>((resolve) =>
        parent.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
      );
      await waitFor('the first daemon to answer', async () => (await health(daemon)) === 200);
      process.kill(pid, 'SIGKILL');
      await waitFor('the killed daemon to be a zombie', () =>
        /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8')),
      );
      await daemon.start();
      expect(await health(daemon)).toBe(200);
      expect(readFileSync(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z/);
    },
  );

  it('two daemons started together on a fresh state directory: exactly one wins, the other names it', async () => {
    const daemon = testDaemon({});
    const [loser] = await startTogether(daemon, 2);
    const { pid } = (await daemon.request('GET', '/status')).body as { pid: number };
    expect(loser).toContain(`another hookd daemon (pid ${pid}) is already running on ${daemon.stateDir}`);
  });

  it('three daemons started together over the lock of a daemon killed with -9: exactly one wins', async () => {
    const daemon = testDaemon({});
    await daemon.start();
    await daemon.kill9();
    expect(readdirSync(daemon.stateDir)).toContain('daemon.lock');
    const losers = await startTogether(daemon, 3);
    for (const output of losers) expect(output).toMatch(/another hookd daemon \(pid \d+\) is already running/);
  });
});

describe('the socket path', () => {
  it('--socket naming a regular file: refused, and the file kept', async () => {
    const daemon = testDaemon({});
    const file = path.join(tempDir(), 'notes.txt');
    writeFileSync(file, 'keep me');
    const result = await execa(HOOKD, ['daemon', '--socket', file], {
      env: daemon.env,
      reject: false,
      timeout: 10_000,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `hookd: ${file} exists and is not a socket; hookd replaces only a socket nobody serves`,
    );
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });

  it('two daemons of different state directories given one socket: the second refuses, the first keeps it', async () => {
    const socket = path.join(tempDir(), 'shared.sock');
    const first = testDaemon({});
    Object.assign(first, { socket });
    first.env.HOOKD_SOCKET = socket;
    await first.start();
    const { pid } = (await first.request('GET', '/status')).body as { pid: number };
    const second = testDaemon({});
    const result = await execa(HOOKD, ['daemon'], {
      env: { ...second.env, HOOKD_SOCKET: socket },
      reject: false,
      timeout: 10_000,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `hookd: another hookd daemon is serving ${socket}; stop it, or give this one another --socket`,
    );
    expect((await first.request('GET', '/status')).body).toMatchObject({ pid });
  });

  // A full disk needs a tiny filesystem, and mounting one needs root (CI runs as root).
  it.runIf(isRoot)('starts on a full disk leave nothing behind', async () => {
    const tiny = path.join(tempDir(), 'tiny');
    mkdirSync(tiny);
    await execa('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'tmpfs', tiny]);
    mounts.push(tiny);
    const daemon = testDaemon({});
    Object.assign(daemon, { stateDir: path.join(tiny, 'state'), socket: path.join(tiny, 'state', 'hookd.sock') });
    daemon.env.HOOKD_STATE_DIR = daemon.stateDir;
    await daemon.start();
    await daemon.stop();
    const before = readdirSync(daemon.stateDir).sort();
    await execa('sh', ['-c', `dd if=/dev/zero of=${tiny}/filler bs=4k 2>/dev/null; true`]);
    for (let i = 0; i < 3; i++) {
      const start = execa(HOOKD, ['daemon'], { env: daemon.env, reject: false });
      children.push(start);
      await waitFor(
        'the daemon to answer or give up',
        async () => start.exitCode !== null || (await health(daemon)) === 200,
      );
      start.kill('SIGKILL');
      await start;
    }
    // What a killed daemon leaves is its lock and socket, which the next start takes over; no per-try file.
    expect(
      readdirSync(daemon.stateDir).filter(
        (name) => !before.includes(name) && name !== 'daemon.lock' && name !== 'hookd.sock',
      ),
    ).toEqual([]);
  });
});
