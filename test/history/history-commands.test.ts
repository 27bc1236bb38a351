// `hookd history`, `hookd history show`, `hookd retry` and `hookd status` as processes against a
// real daemon: runs listed with their timings, one run whole, a failed run run again, the doctor's
// probe kept out, counts that survive a restart, and the bad inputs of each.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { bridgeOnStop, testDaemon, stopPayload, stopTestDaemons, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { HOOKD } from '../helpers/paths.js';
import { profileWithHookd } from '../helpers/login-profile.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const hookd = (daemon: TestDaemon, ...args: string[]) => runHookdWithEnv(args, daemon.env);

async function emitAndWait(
  daemon: TestDaemon,
  command: string,
  fields: Record<string, unknown> = {},
  env: Record<string, string> = {},
): Promise<void> {
  const before = daemon.history().length;
  await daemon.emit(command, stopPayload(fields), env);
  await waitFor(`the run of ${command}`, () => daemon.history().length > before);
}

describe('hookd history and retry', () => {
  it('lists runs with their timings, shows one whole, runs a failed one again, and refuses bad input', async () => {
    const out = tempDir();
    const failing = `echo run >> ${out}/count; head -c 10000 /dev/zero | tr "\\0" y; echo; echo "it broke" >&2; exit 3`;
    // Named in the settings: a retry runs only what they still name (issue 21).
    const daemon = testDaemon(bridgeOnStop(failing, 10));
    await daemon.start();
    await emitAndWait(daemon, failing);
    // Sent as Claude Code sends it: the client is named beside the run.
    await emitAndWait(daemon, 'true', {}, { CLAUDECODE: '1' });

    const list = await hookd(daemon, 'history');
    expect(list.exitCode).toBe(0);
    const lines = list.stdout.split('\n');
    expect(lines).toHaveLength(2);
    // Local time with its zone, the client, then aligned columns: each starts where the one above starts.
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+ {2}claude {2}Stop +ok +\d+ms {2}true +\d+-\d+$/);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+ {2}- +Stop +failed \(exit 3\) +\d+ms {2}echo run >>/);
    for (const column of ['Stop', 'ok', 'true'])
      expect(lines[0]!.indexOf(column), column).toBe(
        lines[1]!.indexOf(column === 'ok' ? 'failed' : column === 'true' ? 'echo' : column),
      );
    expect(JSON.parse((await hookd(daemon, 'history', '--json')).stdout)[0]).toMatchObject({
      client: 'claude',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const runs = JSON.parse((await hookd(daemon, 'history', '--json')).stdout) as Array<{
      id: string;
      outcome: string;
      delayMs: number;
      durationMs: number;
    }>;
    expect(runs.map((run) => run.outcome)).toEqual(['ok', 'failed']);
    for (const run of runs) expect(run).toMatchObject({ delayMs: expect.any(Number), durationMs: expect.any(Number) });
    const [ok, failed] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(JSON.parse((await hookd(daemon, 'history', '--outcome', 'failed', '--json')).stdout)).toEqual([
      expect.objectContaining({ id: failed.id, stderrHead: 'it broke' }),
    ]);
    expect(
      JSON.parse((await hookd(daemon, 'history', '--command', 'true', '--since', '10m', '--json')).stdout),
    ).toEqual([expect.objectContaining({ id: ok.id })]);

    const show = await hookd(daemon, 'history', 'show', failed.id.split('-')[1]!);
    expect([show.exitCode, show.stderr]).toEqual([0, '']);
    // The whole output the runner kept, not its first 1,000 characters.
    expect(show.stdout).toContain(`    ${'y'.repeat(10000)}\n`);
    expect(show.stdout).toContain('  stderr:\n    it broke');
    // A time of a second or more reads in seconds (`+2.3s`), as it does on a loaded machine.
    const took = String.raw`(\d+ms|\d+(\.\d)?s)`;
    expect(show.stdout).toMatch(
      new RegExp(
        `times: +written .*, taken \\+${took}, started \\+${took}, ended \\+${took}; delivery delay ${took}, run time ${took}`,
      ),
    );
    expect(show.stdout).toMatch(/payload: +\d+ bytes, kept for hookd retry: \{"session_id":"sess-1"/);

    const retry = await hookd(daemon, 'retry', failed.id);
    expect(retry.stderr).toBe('');
    expect(retry.stdout).toMatch(new RegExp(`^queued ${failed.id} again as \\S+: echo run`));
    await waitFor('the retried run', () => daemon.history().length === 3);
    expect(readFileSync(path.join(out, 'count'), 'utf8')).toBe('run\nrun\n');
    expect(daemon.history().at(-1)).toMatchObject({ outcome: 'failed', retryOf: failed.id });

    const refused = await hookd(daemon, 'retry', ok.id);
    expect(refused).toMatchObject({ exitCode: 1, stdout: '' });
    expect(refused.stderr).toBe(`hookd: run ${ok.id} did not fail (ok); only a failed run can be retried`);
    const unknown = await hookd(daemon, 'retry', '999999-nothing');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toBe(
      'hookd: no run "999999-nothing" in the history (hookd history lists the runs and their ids)',
    );
    expect((await hookd(daemon, 'history', 'show', 'nothing')).stderr).toMatch(
      /^hookd: no run "nothing" in the history/,
    );

    const since = await hookd(daemon, 'history', '--since', 'yesterday');
    expect(since).toMatchObject({ exitCode: 2, stdout: '' });
    expect(since.stderr).toBe(
      'hookd: --since must be a duration ago (30s, 10m, 2h, 3d) or a date (2024-05-01, 2024-05-01T12:00:00Z), got "yesterday"',
    );
    const outcome = await hookd(daemon, 'history', '--outcome', 'broken');
    expect(outcome).toMatchObject({ exitCode: 2 });
    expect(outcome.stderr).toBe(
      'hookd: --outcome must be one of ok, failed, timed_out, spawn_error, interrupted, rejected, duplicate; got "broken"',
    );
    expect((await daemon.request('GET', '/runs?outcome=broken')).status).toBe(400);
  });

  it('shows the last failures with their stderr in hookd status, and counts that survive a restart', async () => {
    const daemon = testDaemon();
    await daemon.start();
    await emitAndWait(daemon, 'echo "first line of trouble" >&2; echo second >&2; exit 4');
    await emitAndWait(daemon, 'true');
    const status = await hookd(daemon, 'status');
    expect(status.stdout).toMatch(
      /last failures \(hookd history show ID for one whole\):\n.*Stop +failed \(exit 4\) .* \d+-\d+\n {6}first line of trouble\n {6}second/,
    );
    await daemon.stop();
    await daemon.start();
    const counts = (await daemon.request('GET', '/status')).body as { counts: Record<string, number> };
    expect(counts.counts).toEqual({ failed: 1, ok: 1 });
  });

  it("keeps hookd doctor's probe runs out of the counts, the listing and the metrics unless asked", async () => {
    const daemon = testDaemon({
      Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'", timeout: 5 }] }],
    });
    await daemon.start();
    profileWithHookd(daemon.dir);
    const doctor = await runHookdWithEnv(['doctor'], { ...daemon.env, HOME: daemon.dir });
    expect(doctor.exitCode).toBe(0);
    expect(daemon.history()).toEqual([expect.objectContaining({ probe: true })]);
    expect(((await daemon.request('GET', '/status')).body as { counts: object }).counts).toEqual({});
    expect((await hookd(daemon, 'history')).stdout).toBe('no runs (yet) that match');
    expect((await hookd(daemon, 'history', '--probes')).stdout).toMatch(
      /Stop +ok \(probe\) .* echo hookd-doctor-probe [0-9a-f]{12}/,
    );
    expect(String((await daemon.request('GET', '/metrics')).body)).not.toMatch(/^hookd_runs_total\{/m);
  });

  it('reads a history file cut by a crash, with the daemon running and without it', async () => {
    const daemon = testDaemon();
    mkdirSync(daemon.stateDir, { recursive: true, mode: 0o700 });
    const good = {
      time: new Date().toISOString(),
      eventId: '01700000000000000000-1',
      event: 'Stop',
      session: 's',
      command: 'echo before',
      outcome: 'ok',
      attempt: 1,
      durationMs: 5,
    };
    writeFileSync(
      path.join(daemon.stateDir, 'history.jsonl'),
      `${JSON.stringify(good)}\n{"time":"2024-01-01T00:00:00.000Z","eventId":"cut","outco`,
      { mode: 0o600 },
    );
    const offline = await hookd(daemon, 'history');
    expect(offline).toMatchObject({ exitCode: 0, stderr: '' });
    expect(offline.stdout).toMatch(/Stop +ok +5ms {2}echo before/);
    await daemon.start();
    await daemon.emit('true', stopPayload());
    // Not daemon.history(): the test helper does not skip the cut line.
    await waitFor(
      'the new run',
      async () => ((await daemon.request('GET', '/runs')).body as { runs: unknown[] }).runs.length === 2,
    );
    const online = await hookd(daemon, 'history');
    expect(online.stdout.split('\n').map((line) => line.split(/ {2,}/)[5])).toEqual(['true', 'echo before']);
    expect((await hookd(daemon, 'status')).exitCode).toBe(0);
  });

  it('follows new runs as they finish, and says so when no daemon runs', async () => {
    const daemon = testDaemon();
    const offline = await hookd(daemon, 'history', '--follow');
    expect(offline.exitCode).toBe(1);
    expect(offline.stderr).toMatch(/^hookd: --follow needs the daemon, and it is not running/);
    await daemon.start();
    const follow = execa(HOOKD, ['history', '--follow', '--json', '--event', 'Stop'], {
      env: daemon.env,
      reject: false,
      buffer: false,
    });
    let output = '';
    follow.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      let n = 0;
      // The stream may open after the first event: emit until one comes through.
      await waitFor('a run streamed to hookd history --follow', async () => {
        await daemon.emit(`echo followed-${n++}`, stopPayload({ n }));
        await new Promise((resolve) => setTimeout(resolve, 200));
        return output.includes('\n');
      });
      const first = JSON.parse(output.split('\n')[0]!) as { command: string; outcome: string };
      expect(first).toMatchObject({ outcome: 'ok', command: expect.stringMatching(/^echo followed-\d+$/) });
    } finally {
      follow.kill('SIGTERM');
      await follow;
    }
    expect(existsSync(daemon.socket)).toBe(true);
  });
});
