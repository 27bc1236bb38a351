import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { runHook } from '../../src/executor/posix-run.js';
import type { RunRequest } from '../../src/executor/executor.js';
import { hookCwd, hookEnv } from '../../src/runner/hook-env.js';
import { HOOK_FIXTURES, FIXTURES } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runRequest } from '../helpers/run-request.js';
import { waitGone } from '../helpers/process-alive.js';

afterEach(cleanupTempDirs);

const fixture = (name: string, ...args: string[]) =>
  [path.join(HOOK_FIXTURES, name), ...args].map((w) => `'${w}'`).join(' ');
const payload = Buffer.from(JSON.stringify({ session_id: 's', hook_event_name: 'Stop', extra: { kept: true } }));

const request = (command: string, overrides: Partial<RunRequest> = {}) => runRequest(command, payload, overrides);

describe('runHook', () => {
  it('gives the hook the payload byte for byte, extra fields included, then EOF', async () => {
    const out = path.join(tempDir(), 'seen');
    const outcome = await runHook(request(fixture('save-stdin.sh', out)));
    expect(outcome.status).toBe('ok');
    expect(readFileSync(out)).toEqual(payload);
  });

  for (const name of readdirSync(path.join(FIXTURES, 'payloads'))) {
    it(`passes the sample ${name} through unchanged`, async () => {
      const bytes = readFileSync(path.join(FIXTURES, 'payloads', name));
      const out = path.join(tempDir(), 'seen');
      const outcome = await runHook(request(fixture('save-stdin.sh', out), { payload: bytes }));
      expect(outcome.status).toBe('ok');
      expect(readFileSync(out)).toEqual(bytes);
    });
  }

  it('runs with the HOOKD_* context and without hookd secrets in the environment', async () => {
    const out = path.join(tempDir(), 'seen');
    const env = hookEnv(
      {
        eventId: 'ev-7',
        event: 'Stop',
        attempt: 2,
        socket: '/s.sock',
        clientEnv: { AGENT_PROJECT_DIR: '/proj', OTHER: 'no' },
      },
      { PATH: process.env.PATH, HOOKD_API_KEY: 'secret-marker' },
    );
    await runHook(request(fixture('save-stdin.sh', out), { env }));
    const seen = readFileSync(`${out}.env`, 'utf8');
    for (const line of [
      'HOOKD_EVENT_ID=ev-7',
      'HOOKD_EVENT=Stop',
      'HOOKD_ATTEMPT=2',
      'HOOKD_SOCKET=/s.sock',
      'AGENT_PROJECT_DIR=/proj',
    ])
      expect(seen).toContain(line);
    expect(seen).not.toContain('secret-marker');
    expect(seen).not.toContain('OTHER=no');
  });

  it('runs in the payload cwd when it exists, else in the home directory, else in /', () => {
    const dir = tempDir();
    expect(hookCwd(dir)).toBe(dir);
    expect(hookCwd(path.join(dir, 'gone'))).toBe(process.env.HOME);
    expect(hookCwd(undefined)).toBe(process.env.HOME);
    // A home that is gone (a service started for a user since removed): the hook still runs.
    expect(hookCwd(path.join(dir, 'gone'), path.join(dir, 'no-home'))).toBe('/');
  });

  it('reports a failing hook with its exit code and stderr', async () => {
    const outcome = await runHook(request(fixture('exit-3.sh')));
    expect(outcome).toMatchObject({ status: 'failed', exitCode: 3, signal: null });
    expect(outcome.stderr.text).toBe('failing on purpose\n');
  });

  it('reports a command that does not exist as spawn_error (sh exits 127), with what sh said', async () => {
    const outcome = await runHook(request('no-such-command-hookd-test'));
    expect(outcome).toMatchObject({
      status: 'spawn_error',
      exitCode: 127,
      error: expect.stringMatching(/no-such-command-hookd-test.*not found/),
    });
    expect(outcome.stderr.text).toMatch(/not found/);
  });

  it('times out a hook that sleeps past its timeout', async () => {
    const outcome = await runHook(request('sleep 30', { timeoutMs: 300 }));
    expect(outcome).toMatchObject({ status: 'timed_out', signal: 'SIGTERM' });
    expect(outcome.durationMs).toBeLessThan(10_000);
  });

  it('kills the whole process group on timeout: a grandchild holding stdout is gone afterwards', async () => {
    const pidFile = path.join(tempDir(), 'pid');
    const outcome = await runHook(request(fixture('grandchild-holds-stdout.sh', pidFile), { timeoutMs: 500 }));
    expect(outcome.status).toBe('timed_out');
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    expect(await waitGone(grandchild)).toBe(true);
  });

  // Issue 41, item 9: neither its group nor its session holds such a process, and its parent has
  // exited; it still carries the run's mark (executor/posix-mark.ts), as the daemon's runs see it.
  it.runIf(process.platform === 'linux')(
    'ends at the deadline what the hook left in a session of its own (a double fork into setsid), SIGKILL after the grace',
    async () => {
      const pidFile = path.join(tempDir(), 'pid');
      const outcome = await runHook(request(fixture('escape-session.sh', pidFile), { timeoutMs: 1000, graceMs: 200 }));
      expect(outcome.status).toBe('timed_out');
      const escaped = Number(readFileSync(pidFile, 'utf8'));
      const gone = await waitGone(escaped, 10_000);
      if (!gone) process.kill(escaped, 'SIGKILL');
      expect(gone).toBe(true);
    },
  );

  it('ends the run when the hook exits, even though a background grandchild still holds stdout', async () => {
    const pidFile = path.join(tempDir(), 'pid');
    const outcome = await runHook(request(fixture('background-and-exit.sh', pidFile), { timeoutMs: 20_000 }));
    expect(outcome).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(outcome.stdout.text).toBe('started\n');
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
  });

  it('escalates to SIGKILL when the hook ignores SIGTERM', async () => {
    const pidFile = path.join(tempDir(), 'pid');
    const outcome = await runHook(request(fixture('ignore-term.sh', pidFile), { timeoutMs: 500, graceMs: 200 }));
    expect(outcome.status).toBe('timed_out');
    expect(await waitGone(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
    // When the hook's own shell ignores SIGTERM too, SIGKILL is what ends the run.
    const stubborn = await runHook(
      request(`trap '' TERM; while :; do sleep 1; done`, { timeoutMs: 300, graceMs: 200 }),
    );
    expect(stubborn).toMatchObject({ status: 'timed_out', signal: 'SIGKILL' });
  });

  it('keeps only the first 64 KiB of 50 MiB of output and marks it truncated', async () => {
    const outcome = await runHook(request(fixture('print-50mib.sh')));
    expect(outcome.status).toBe('ok');
    expect(outcome.stdout).toMatchObject({ bytes: 50 * 1024 * 1024, truncated: true });
    expect(outcome.stdout.text).toHaveLength(64 * 1024);
  });

  it('does not deadlock on a hook that never reads a 1 MiB payload', async () => {
    const outcome = await runHook(request(fixture('never-read-stdin.sh'), { payload: Buffer.alloc(1024 * 1024, 'a') }));
    expect(outcome).toMatchObject({ status: 'ok', exitCode: 0 });
    expect(outcome.stdout.text).toBe('done-without-reading\n');
  });

  it('ends a run when its abort signal fires, as interrupted', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const outcome = await runHook(request('sleep 30', { signal: controller.signal }));
    expect(outcome.status).toBe('interrupted');
  });

  it('reports a hook that cannot start as spawn_error', async () => {
    const outcome = await runHook(request('true', { cwd: path.join(tempDir(), 'missing') }));
    expect(outcome.status).toBe('spawn_error');
    expect(outcome.error).toMatch(/ENOENT/);
  });
});
