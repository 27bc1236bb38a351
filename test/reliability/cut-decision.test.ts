// Reproduction of issue 29, case 3, on the bridges' path: the synchronous bridge's run record kept
// 64 KiB of stdout, the daemon read a 70 KB denial's head as deciding nothing (`none`), and after
// 20 such runs `hookd status` advised moving the guard behind `hookd emit`: following it removes a
// gate that blocked every time. The daemon's rule: a decision read from a cut stdout (stdoutBytes >
// stdoutKept) is unknown, never none, and a hook whose decision is unknown is never advised.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';
import { NEVER_DECIDES_MIN_RUNS } from '../../src/history/never-decides.js';
import { serializeRun, type RunRecord } from '../../src/inbox/run-record.js';
import { inboxDirs } from '../../src/inbox/inbox-dirs.js';
import { newRecordId } from '../../src/inbox/write-record.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const KEPT_BEFORE = 64 * 1024;

// What Claude Code gives a PreToolUse hook before it writes a file.
const payload = JSON.stringify({
  session_id: 'sess-29',
  transcript_path: '/tmp/t.jsonl',
  cwd: '/',
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Write',
  tool_input: { file_path: '/tmp/notes.md', content: '# notes\n' },
  tool_use_id: 'toolu_29',
});

/** A 70 KB denial: its first line says why, the rest lists what matched. */
const denial = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: `the file holds secrets\n${'AKIAIOSFODNN7EXAMPLE matched rule aws-key\n'.repeat(1700)}`,
  },
});

/** A run record as a bridge that keeps `keep` bytes of stdout writes it, committed into the inbox as the bridges commit theirs. */
function storeBridgeRun(stateDir: string, command: string, stdout: string, keep: number, event = payload): void {
  const now = Date.now();
  // The record keeps the first `keep` bytes of stdout and says how many there were.
  const raw = Buffer.from(stdout).subarray(0, keep);
  const run: RunRecord = {
    client: 'claude',
    event: 'PreToolUse',
    cwd: '/',
    startedAt: now - 20,
    endedAt: now,
    timeoutMs: 60_000,
    outcome: {
      status: 'ok',
      exitCode: 0,
      signal: null,
      durationMs: 20,
      stdout: {
        text: raw.toString(),
        raw,
        bytes: Buffer.byteLength(stdout),
        truncated: raw.length < Buffer.byteLength(stdout),
      },
      stderr: { text: '', bytes: 0, truncated: false },
    },
  };
  const dirs = inboxDirs(stateDir);
  const id = newRecordId();
  writeFileSync(path.join(dirs.tmp, id), serializeRun(command, run, Buffer.from(event)), { flag: 'wx', mode: 0o600 });
  writeFileSync(path.join(dirs.new, id), '', { flag: 'wx', mode: 0o600 });
}

async function statusAdvice(daemon: TestDaemon): Promise<{ text: string; neverDecides: unknown[] }> {
  const text = await execa(HOOKD, ['status'], { env: daemon.env, reject: false });
  expect(text.exitCode, text.stderr).toBe(0);
  const json = JSON.parse((await execa(HOOKD, ['status', '--json'], { env: daemon.env })).stdout) as {
    neverDecides: unknown[];
  };
  return { text: text.stdout, neverDecides: json.neverDecides };
}

const runsOf = (daemon: TestDaemon, command: string) => daemon.history().filter((run) => run.command === command);

describe('reproduction of issue 29, case 3: a decision read from cut output is unknown, never none', () => {
  it("a bridge's record that kept 64 KiB of a 70 KB denial is recorded as unknown, and 20 of them bring no advice to move the guard", async () => {
    const daemon = testDaemon({});
    await daemon.start(['--client', 'claude']);
    const guard = 'secret-guard --strict';
    for (let i = 0; i < NEVER_DECIDES_MIN_RUNS; i++) storeBridgeRun(daemon.stateDir, guard, denial, KEPT_BEFORE);
    await waitFor(
      `${NEVER_DECIDES_MIN_RUNS} runs in the history`,
      () => runsOf(daemon, guard).length === NEVER_DECIDES_MIN_RUNS,
      60_000,
    );
    for (const run of runsOf(daemon, guard)) {
      expect(run).toMatchObject({
        outcome: 'ok',
        bridge: 'sync',
        decided: null,
        decision: `unknown (hookd holds only the head of the ${Buffer.byteLength(denial)} bytes on stdout)`,
        truncated: true,
      });
    }
    const advice = await statusAdvice(daemon);
    expect(advice.text).not.toContain('hookd install --async');
    expect(advice.neverDecides).toEqual([]);
  });

  it('the same record kept whole reads as the denial it is', async () => {
    const daemon = testDaemon({});
    await daemon.start(['--client', 'claude']);
    const guard = 'secret-guard --whole';
    storeBridgeRun(daemon.stateDir, guard, denial, Buffer.byteLength(denial));
    await waitFor('the run in the history', () => runsOf(daemon, guard).length === 1, 30_000);
    expect(runsOf(daemon, guard)[0]).toMatchObject({
      outcome: 'ok',
      decided: true,
      decision: 'deny: the file holds secrets',
    });
  });

  it('a record with a payload near its 32 MiB limit and a 4 MiB answer is read whole, not refused as too large', async () => {
    const daemon = testDaemon({});
    await daemon.start(['--client', 'claude']);
    const guard = 'secret-guard --big';
    const big = JSON.stringify({
      ...JSON.parse(payload),
      tool_input: { file_path: '/tmp/notes.md', content: 'y'.repeat(31 * 1024 * 1024) },
    });
    const answer = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: `too big\n${'z'.repeat(4 * 1024 * 1024)}`,
      },
    });
    storeBridgeRun(daemon.stateDir, guard, answer, Buffer.byteLength(answer), big);
    await waitFor(
      'the run in the history',
      () => runsOf(daemon, guard).length === 1 || daemon.logs().includes('rejected'),
      30_000,
    );
    expect(runsOf(daemon, guard)[0]).toMatchObject({ outcome: 'ok', decided: true, decision: 'deny: too big' });
  });

  it('the real hookd sync hands the client the whole denial, and the history never reads it as deciding nothing', async () => {
    const daemon = testDaemon({});
    await daemon.start(['--client', 'claude']);
    const file = path.join(daemon.dir, 'deny.json');
    writeFileSync(file, denial);
    const guard = `cat > /dev/null; cat '${file}'`;
    // As `hookd install` wraps a PreToolUse command hook, run by sh as the client runs it.
    const entry = `hookd sync --client claude --event PreToolUse --timeout 60 -- '${guard.replace(/'/g, `'\\''`)}'`;
    for (let i = 0; i < NEVER_DECIDES_MIN_RUNS; i++) {
      const ran = await execa('sh', ['-c', entry], { env: daemon.env, input: payload, reject: false, timeout: 60_000 });
      expect(ran.exitCode, ran.stderr).toBe(0);
      expect(ran.stdout === denial).toBe(true);
    }
    await waitFor(
      `${NEVER_DECIDES_MIN_RUNS} runs in the history`,
      () => runsOf(daemon, guard).length === NEVER_DECIDES_MIN_RUNS,
      60_000,
    );
    // Whole (decided, deny) once the bridge keeps the whole answer; unknown while it keeps its head.
    for (const run of runsOf(daemon, guard))
      expect(run.decision).toMatch(/^(deny: the file holds secrets|unknown \(.*\))$/);
    const advice = await statusAdvice(daemon);
    expect(advice.text).not.toContain('hookd install --async');
    expect(advice.neverDecides).toEqual([]);
  });

  it('runs an older hookd recorded as deciding nothing from cut output bring no advice either', async () => {
    const daemon = testDaemon({});
    mkdirSync(daemon.stateDir, { recursive: true, mode: 0o700 });
    // What a daemon before issue 29 wrote for the runs above: `none`, from 64 KiB of the answer.
    const line = (i: number) =>
      JSON.stringify({
        time: new Date().toISOString(),
        eventId: `old-${i}`,
        event: 'PreToolUse',
        session: 'sess-29',
        command: 'secret-guard --old',
        outcome: 'ok',
        attempt: 1,
        exitCode: 0,
        signal: null,
        durationMs: 20,
        stdout: denial.slice(0, KEPT_BEFORE),
        stderr: '',
        truncated: true,
        bridge: 'sync',
        client: 'claude',
        decided: false,
        decision: 'none',
      });
    writeFileSync(
      path.join(daemon.stateDir, 'history.jsonl'),
      Array.from({ length: NEVER_DECIDES_MIN_RUNS }, (_, i) => `${line(i)}\n`).join(''),
      { mode: 0o600 },
    );
    await daemon.start(['--client', 'claude']);
    const advice = await statusAdvice(daemon);
    expect(advice.text).not.toContain('hookd install --async');
    expect(advice.neverDecides).toEqual([]);
  });
});
