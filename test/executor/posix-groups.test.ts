// Ending the hooks a crashed daemon left running, by the handles its journal kept: only a group
// that is still the one noted is ended (a pid reused by an unrelated process is never killed), and
// the gate in runHook keeps a hook from running its command before its handle is noted.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { endHandles, groupOf, groupOfHandle, handleOf, identify } from '../../src/executor/posix-groups.js';
import { carries, MARK_VARIABLE, newMark } from '../../src/executor/posix-mark.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHook } from '../../src/executor/posix-run.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { processAlive, waitGone } from '../helpers/process-alive.js';

const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  cleanupTempDirs();
});

// The process group a hook's handle names: its `sh`'s pid.
const pidOf = (handle: string) => groupOfHandle(handle)!.pgid;

// A process group of `sh` and a child, as a hook's would be.
function group(): number {
  const child = spawn('sh', ['-c', 'sleep 60 & wait'], { detached: true, stdio: 'ignore' });
  child.unref();
  started.push(child.pid!);
  return child.pid!;
}

describe('process groups', () => {
  it.runIf(process.platform === 'linux')(
    'leaves alone a live group whose leader started at another time than the one noted (a reused pid)',
    async () => {
      const pid = group();
      const reused = { pgid: pid, start: String(Number(groupOf(pid).start) + 1) };
      expect(identify(reused)).toBe('other');
      expect(await endHandles([handleOf(reused)], 100)).toEqual([]);
      expect(processAlive(pid)).toBe(true);
    },
  );

  it('ends a group that is still the one noted, children too, and says a finished one is gone', async () => {
    const pid = group();
    const noted = groupOf(pid);
    expect(identify(noted)).toBe('ours');
    expect(await endHandles([handleOf(noted)], 2000)).toEqual([handleOf(noted)]);
    expect(await waitGone(pid)).toBe(true);
    expect(identify(noted)).toBe('gone');
  });

  it.runIf(process.platform === 'linux')(
    'ends what carries a run’s mark when its group is gone (a process that left it), and leaves alone a handle it did not make',
    async () => {
      const mark = newMark();
      const escaped = spawn('sh', ['-c', 'trap "" TERM; exec sleep 60'], {
        detached: true,
        stdio: 'ignore',
        env: { ...process.env, [MARK_VARIABLE]: mark },
      });
      escaped.unref();
      started.push(escaped.pid!);
      const gone = spawnSync('true').pid;
      const handle = handleOf({ pgid: gone, start: '-', mark });
      expect(groupOfHandle(handle)).toEqual({ pgid: gone, start: '-', mark });
      await waitFor('the marked process to run', () => carries(escaped.pid!, mark), 5000);
      expect(await endHandles([handleOf({ pgid: gone, start: '-' }), 'job:1', handle], 200)).toEqual([handle]);
      expect(await waitGone(escaped.pid!)).toBe(true);
    },
  );

  it('runs no command when the group cannot be noted, and tells the hook the payload length', async () => {
    const dir = tempDir();
    const ran = path.join(dir, 'ran');
    const request = {
      command: `wc -c > ${ran}; echo "$HOOKD_PAYLOAD_BYTES" >> ${ran}`,
      payload: Buffer.from('{"a":1}\n'),
      cwd: dir,
      env: { PATH: process.env.PATH! },
      timeoutMs: 5000,
    };
    await expect(
      runHook({
        ...request,
        onStart: () => {
          throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(ran)).toBe(false);
    let noted = 0;
    const outcome = await runHook({ ...request, onStart: (handle) => void (noted = pidOf(handle)) });
    expect(outcome.status).toBe('ok');
    expect(noted).toBeGreaterThan(0);
    expect(readFileSync(ran, 'utf8').split(/\s+/).filter(Boolean)).toEqual(['8', '8']);
  });

  it('waits for a note that comes later (a runner thread asks the main thread), and runs nothing when it fails', async () => {
    const dir = tempDir();
    const ran = path.join(dir, 'ran');
    const request = {
      command: `echo > ${ran}`,
      payload: Buffer.from('{}'),
      cwd: dir,
      env: { PATH: process.env.PATH! },
      timeoutMs: 5000,
    };
    await expect(
      runHook({
        ...request,
        onStart: () => new Promise<void>((_, reject) => setTimeout(() => reject(new Error('no room')), 100)),
      }),
    ).rejects.toThrow('no room');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(ran)).toBe(false);
    let ranBeforeNote: boolean | undefined;
    const outcome = await runHook({
      ...request,
      onStart: () =>
        new Promise<void>((resolve) => setTimeout(() => ((ranBeforeNote = existsSync(ran)), resolve()), 200)),
    });
    expect(outcome.status).toBe('ok');
    expect(ranBeforeNote).toBe(false);
    expect(existsSync(ran)).toBe(true);
  });

  it('a command over the argument limit ends as spawn_error, not a throw', async () => {
    const outcome = await runHook({
      command: `echo ${'x'.repeat(3_000_000)}`,
      payload: Buffer.from('{}'),
      cwd: tempDir(),
      env: {},
      timeoutMs: 5000,
    });
    expect(outcome.status).toBe('spawn_error');
    expect(outcome.error).toMatch(/E2BIG/);
  });
});
