// Runs in line (runHookNow): from this process while no launcher is ready, which starts one, then
// from the launcher with runHook's contract (the abort, the deadline, a launcher dying mid-run);
// and the launcher's exit once idle (HOOKD_LAUNCHER_IDLE_MS shortens the wait). It runs the built
// launcher (dist/runner/launcher.js): `npm run build` first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runHookNow } from '../../src/runner/launch-hook.js';
import type { RunRequest } from '../../src/runner/run-hook.js';
import { hookEnv } from '../../src/runner/hook-env.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { processAlive, waitGone } from '../helpers/process-alive.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(cleanupTempDirs);

function request(command: string, overrides: Partial<RunRequest> = {}): RunRequest {
  const payload = Buffer.from('{"hook_event_name":"Stop"}');
  return { command, payload, cwd: tempDir(), env: hookEnv({ eventId: 'e1', event: 'Stop', attempt: 1 }), timeoutMs: 10_000, graceMs: 300, ...overrides };
}

// The process that started the hook: its `sh`'s parent.
const parentOf = async (command = 'cat >/dev/null; echo $PPID') => Number((await runHookNow(request(command))).stdout.text);

/** The launcher's pid, once runs in line go through it. */
const launcherUp = () => waitFor('a run in line to start from the launcher', async () => {
  const parent = await parentOf();
  return parent !== process.pid ? parent : undefined;
}, 5000);

describe('runHookNow', () => {
  it('starts the hook from this process while no launcher is ready, then from the launcher that run started', async () => {
    expect(await parentOf()).toBe(process.pid);
    const launcher = await launcherUp();
    expect(readFileSync(`/proc/${launcher}/cmdline`, 'utf8')).toContain(path.join('runner', 'launcher.js'));
    expect(await parentOf()).toBe(launcher);
  });

  it('ends a run through the launcher on abort and past its deadline, its whole group', async () => {
    const launcher = await launcherUp();
    const controller = new AbortController();
    let group: number | undefined;
    const running = runHookNow(request('sleep 30 & wait', { signal: controller.signal, onSpawn: (pid) => void (group = pid) }));
    await waitFor('the hook to start', () => group !== undefined, 5000);
    controller.abort();
    expect((await running).status).toBe('interrupted');
    expect(await waitGone(group!)).toBe(true);
    const late = await runHookNow(request('echo $PPID; sleep 30', { timeoutMs: 200 }));
    expect(late).toMatchObject({ status: 'timed_out', stdout: { text: `${launcher}\n` } });
  });

  it('ends a run whose launcher died as spawn_error with its group killed, and runs the next from this process', async () => {
    const launcher = await launcherUp();
    let group: number | undefined;
    const running = runHookNow(request('sleep 30', { onSpawn: (pid) => void (group = pid) }));
    await waitFor('the hook to start', () => group !== undefined, 5000);
    process.kill(launcher, 'SIGKILL');
    expect(await running).toMatchObject({ status: 'spawn_error', error: expect.stringMatching(/launcher exited/) });
    expect(await waitGone(group!)).toBe(true);
    expect(await parentOf()).toBe(process.pid);
  });

  it('leaves the launcher to exit once it has been idle for its time, never during a run', async () => {
    const launcher = await launcherUp();
    process.env.HOOKD_LAUNCHER_IDLE_MS = '400';
    try {
      // The first rest under the short time; a run longer than it keeps the launcher.
      await parentOf();
      expect(await parentOf('sleep 0.5; echo $PPID')).toBe(launcher);
      expect(processAlive(launcher)).toBe(true);
      expect(await waitGone(launcher, 5000)).toBe(true);
      expect(await parentOf()).toBe(process.pid);
    } finally {
      delete process.env.HOOKD_LAUNCHER_IDLE_MS;
    }
  });
});
