// A hook whose command cannot start: `sh -c CMD` exits 127 (not found) or 126 (not executable).
// Runs in line said `spawn_error`, queued runs and `hookd run` `failed (exit 127)`, as if the hook
// had run and failed. One rule now (runs/outcome.ts, exitOutcome) for every path: `spawn_error`,
// with sh's own line as its detail, kept for `hookd retry` like any failure and never run again
// on its own.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stopPayload, stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { runHookd } from '../helpers/run-hookd.js';
import { syncRun } from '../helpers/session-runs.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const MISSING = '/nonexistent/guard.sh';

// A script without its execute bit: sh finds it and cannot run it (126).
function notExecutable(): string {
  const file = path.join(tempDir(), 'guard.sh');
  writeFileSync(file, '#!/bin/sh\necho approved\n');
  chmodSync(file, 0o644);
  return file;
}

const emitEntry = (command: string) => ({ type: 'command', command: `hookd emit -- '${command}'` });

describe('a hook that cannot start reads as spawn_error on every path, never as a hook that ran', () => {
  it('queued (hookd emit) and in line (hookd sync): spawn_error with sh saying why, kept for a retry as a failure is', async () => {
    const unrunnable = notExecutable();
    const daemon = testDaemon({ Stop: [{ hooks: [emitEntry(MISSING), emitEntry(unrunnable)] }] });
    await daemon.start();
    expect((await daemon.emit(MISSING, stopPayload())).exitCode).toBe(0);
    expect((await daemon.emit(unrunnable, stopPayload())).exitCode).toBe(0);
    const sync = await syncRun(daemon, MISSING, { session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash' });
    // The client gets sh's answer unchanged (its own reading of 127: a non-blocking error).
    expect(sync.exitCode).toBe(127);
    const lines = await waitFor('the three runs in the history', () =>
      daemon.history().length === 3 ? daemon.history() : undefined,
    );
    const of = (command: string, event: string) =>
      lines.find((line) => line.command === command && line.event === event);
    expect(of(MISSING, 'Stop')).toMatchObject({
      outcome: 'spawn_error',
      exitCode: 127,
      detail: expect.stringMatching(/guard\.sh.*not found/),
    });
    expect(of(unrunnable, 'Stop')).toMatchObject({
      outcome: 'spawn_error',
      exitCode: 126,
      detail: expect.stringMatching(/[Pp]ermission denied/),
    });
    expect(of(MISSING, 'PreToolUse')).toMatchObject({
      outcome: 'spawn_error',
      exitCode: 127,
      detail: expect.stringMatching(/not found/),
    });
    // Kept for `hookd retry`, as a failure is.
    const runs = (await daemon.request('GET', '/runs')).body as {
      runs: Array<{ command: string; outcome: string; retriable?: boolean; label?: string }>;
    };
    for (const run of runs.runs)
      expect(run, run.command).toMatchObject({ outcome: 'spawn_error', retriable: true, label: 'could not start' });
    const text = await runHookd(['status'], { env: daemon.env });
    expect(text.stdout).toMatch(/could not start: .*guard\.sh.*not found/);
  });

  it('hookd run says it could not start, and exits 1', async () => {
    const dir = tempDir();
    const settings = path.join(dir, 'settings.json');
    writeFileSync(settings, JSON.stringify({ hooks: { Stop: [{ hooks: [emitEntry(MISSING)] }] } }));
    const result = await runHookd(['run', 'Stop', '--settings', settings], {
      env: { HOOKD_STATE_DIR: path.join(dir, 'state') },
      input: stopPayload(),
    });
    expect(result.exitCode, result.stderr).toBe(1);
    expect(`${result.stdout}${result.stderr}`).toMatch(/could not start: .*guard\.sh.*not found/);
  });
});
