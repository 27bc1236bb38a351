// The launcher keeps runHook's contract (posix-run.test.ts, posix-groups.test.ts): the payload byte
// for byte, the gate that waits for the daemon's note, a refused note that keeps the command from
// running, the abort, the timeout; and a launcher that dies ends its runs as spawn_error, their
// groups killed; it leaves once idle. It runs the built launcher (dist/executor/posix-launcher.js): `npm
// run build` first. Runs through the build: src/executor/posix-launcher.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchHook } from '../../src/executor/posix-launch.js';
import { groupOfHandle } from '../../src/executor/posix-groups.js';
import type { RunRequest } from '../../src/executor/executor.js';
import { HOOK_FIXTURES } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runRequest } from '../helpers/run-request.js';
import { processAlive, waitGone } from '../helpers/process-alive.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(cleanupTempDirs);

const payload = Buffer.from(JSON.stringify({ session_id: 's', hook_event_name: 'Stop', text: 'é\u0000x' }));

// The process group a hook's handle names: its `sh`'s pid.
const pidOf = (handle: string) => groupOfHandle(handle)!.pgid;

// The launcher that started the hook whose group is `group`: its `sh`'s parent.
const launcherOf = (group: number) => Number(readFileSync(`/proc/${group}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

const request = (command: string, overrides: Partial<RunRequest> = {}) => runRequest(command, payload, overrides);

describe('launchHook', () => {
  it('gives the hook the payload byte for byte and its environment, and says how it ended', async () => {
    const out = path.join(tempDir(), 'seen');
    const outcome = await launchHook(
      request(`'${path.join(HOOK_FIXTURES, 'save-stdin.sh')}' '${out}'; echo "$HOOKD_EVENT_ID"; echo err >&2; exit 3`),
    );
    expect(outcome).toMatchObject({
      status: 'failed',
      exitCode: 3,
      stdout: { text: 'e1\n' },
      stderr: { text: 'err\n' },
    });
    expect(readFileSync(out)).toEqual(payload);
  });

  it('runs many at once, each with its own outcome', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => launchHook(request(`echo ${i}`))));
    expect(outcomes.map((outcome) => outcome.stdout.text)).toEqual(Array.from({ length: 20 }, (_, i) => `${i}\n`));
  });

  it('lets the command run only once the note is taken, with the group it started', async () => {
    const ran = path.join(tempDir(), 'ran');
    let ranBeforeNote = true;
    let noted: number | undefined;
    const outcome = await launchHook(
      request(`touch '${ran}'`, {
        onStart: (handle) =>
          new Promise<void>((resolve) =>
            setTimeout(() => ((ranBeforeNote = existsSync(ran)), (noted = pidOf(handle)), resolve()), 200),
          ),
      }),
    );
    expect(outcome.status).toBe('ok');
    expect(ranBeforeNote).toBe(false);
    expect(existsSync(ran)).toBe(true);
    expect(noted).toBeGreaterThan(0);
  });

  it("rejects with the note's own error and never runs the command when the note fails", async () => {
    const ran = path.join(tempDir(), 'ran');
    const refusal = new Error('disk full');
    await expect(
      launchHook(
        request(`touch '${ran}'`, {
          onStart: () => {
            throw refusal;
          },
        }),
      ),
    ).rejects.toBe(refusal);
    await expect(
      launchHook(request(`touch '${ran}'`, { onStart: () => Promise.reject(new Error('no room')) })),
    ).rejects.toThrow('no room');
    expect(existsSync(ran)).toBe(false);
  });

  it('ends a run as interrupted when its signal aborts, and as timed_out past its deadline', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    expect((await launchHook(request('sleep 30', { signal: controller.signal }))).status).toBe('interrupted');
    expect((await launchHook(request('sleep 30', { timeoutMs: 200 }))).status).toBe('timed_out');
  });

  it('keeps running when a signal meant for the daemon reaches it (Ctrl-C, a service stop): the daemon interrupts its runs', async () => {
    const controller = new AbortController();
    let group: number | undefined;
    const running = launchHook(
      request('sleep 30', { signal: controller.signal, onStart: (handle) => void (group = pidOf(handle)) }),
    );
    await waitFor('the hook to start', () => group !== undefined, 5000);
    const launcher = launcherOf(group!);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.kill(launcher, signal);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(processAlive(launcher)).toBe(true);
    controller.abort();
    expect((await running).status).toBe('interrupted');
  });

  it('ends the runs of a launcher that died as spawn_error and kills their groups', async () => {
    let group: number | undefined;
    const running = launchHook(request('sleep 30', { onStart: (handle) => void (group = pidOf(handle)) }));
    await waitFor('the hook to start', () => group !== undefined, 5000);
    const launcher = launcherOf(group!);
    expect(processAlive(launcher)).toBe(true);
    process.kill(launcher, 'SIGKILL');
    const outcome = await running;
    expect(outcome).toMatchObject({ status: 'spawn_error', error: expect.stringMatching(/launcher exited/) });
    expect(await waitGone(group!)).toBe(true);
    // The next run starts a new launcher.
    expect((await launchHook(request('true'))).status).toBe('ok');
  });

  it('leaves once idle for its time (HOOKD_LAUNCHER_IDLE_MS here), never while it runs a hook; the next run starts a new one', async () => {
    const run = async (command: string) => {
      let launcher = 0;
      const outcome = await launchHook(
        request(command, { onStart: (handle) => void (launcher = launcherOf(pidOf(handle))) }),
      );
      return { status: outcome.status, launcher };
    };
    process.env.HOOKD_LAUNCHER_IDLE_MS = '400';
    try {
      // The first run's end sets the short time; the second, longer than it, keeps the launcher.
      const { launcher } = await run('true');
      expect(await run('sleep 0.6')).toEqual({ status: 'ok', launcher });
      expect(processAlive(launcher)).toBe(true);
      expect(await waitGone(launcher, 5000)).toBe(true);
      const next = await run('true');
      expect(next.status).toBe('ok');
      expect(next.launcher).not.toBe(launcher);
    } finally {
      delete process.env.HOOKD_LAUNCHER_IDLE_MS;
    }
  });

  it('takes a HOOKD_LAUNCHER_IDLE_MS that is not a whole number of ms in range as the default five minutes', async () => {
    let first = 0;
    try {
      for (const bad of ['abc', '-5', '0', '0.5', '1e20', '']) {
        process.env.HOOKD_LAUNCHER_IDLE_MS = bad;
        let launcher = 0;
        await launchHook(request('true', { onStart: (handle) => void (launcher = launcherOf(pidOf(handle))) }));
        first ||= launcher;
        // Each run's end sets the idle time; an idle time taken as given (1 ms, say) would end it here.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect([bad, launcher, processAlive(launcher)]).toEqual([bad, first, true]);
      }
    } finally {
      delete process.env.HOOKD_LAUNCHER_IDLE_MS;
    }
  });

  it('a launcher that left when idle and exits while the next one runs a hook does not end that run', async () => {
    let first = 0;
    process.env.HOOKD_LAUNCHER_IDLE_MS = '200';
    try {
      await launchHook(request('true', { onStart: (handle) => void (first = launcherOf(pidOf(handle))) }));
      // Stopped, it cannot exit when the daemon lets it go at its idle time: it exits once continued,
      // while the next launcher runs a hook.
      process.kill(first, 'SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      let second = 0;
      const running = launchHook(
        request('sleep 0.5', { onStart: (handle) => void (second = launcherOf(pidOf(handle))) }),
      );
      await waitFor('the hook to start', () => second !== 0, 5000);
      process.kill(first, 'SIGCONT');
      expect(await waitGone(first, 5000)).toBe(true);
      expect(second).not.toBe(first);
      expect((await running).status).toBe('ok');
    } finally {
      delete process.env.HOOKD_LAUNCHER_IDLE_MS;
    }
  });
});
