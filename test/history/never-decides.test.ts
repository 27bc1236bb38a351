// Hooks the client waits on that never decide (issue 19, item 8), learnt from a history written by
// real runs: the built `hookd sync` runs each hook in line as the client would, the daemon takes
// its records into the history, and `hookd status` and `hookd doctor` say which hooks never
// decided anything, with the agent time they took and the command that would move them.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { stopTestDaemons, stopPayload, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';
import { NEVER_DECIDES_MIN_RUNS, neverDecides, neverDecidingHooks } from '../../src/history/never-decides.js';
import { History } from '../../src/history/history.js';
import type { HistoryEntry } from '../../src/runs/history-line.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const NOTIFY = `cat > /dev/null; echo "notified" >&2`;
const GATE = `read -r event; case "$event" in *'"marker":7'*) echo '{"decision": "block", "reason": "tests fail"}' ;; esac`;
const RARE = `cat > /dev/null`;

/** Run `command` behind the synchronous bridge `times` times, as the client runs a Stop hook: sh -c, the event on stdin. */
async function runInLine(daemon: TestDaemon, command: string, times: number): Promise<void> {
  const entry = `hookd sync --client claude --event Stop --timeout 5 -- '${command.replace(/'/g, `'\\''`)}'`;
  for (let i = 0; i < times; i++) {
    const ran = await execa('sh', ['-c', entry], {
      env: daemon.env,
      input: stopPayload({ marker: i }),
      reject: false,
      timeout: 20_000,
    });
    expect(ran.exitCode, ran.stderr).toBe(0);
  }
}

describe('deciding hooks that never decide', () => {
  it('a Stop hook that only notifies is named, with its runs and the agent time; one that blocked once, and one with too few runs, are not', async () => {
    const daemon = testDaemon({});
    await daemon.start();
    await runInLine(daemon, NOTIFY, NEVER_DECIDES_MIN_RUNS);
    await runInLine(daemon, GATE, NEVER_DECIDES_MIN_RUNS);
    await runInLine(daemon, RARE, NEVER_DECIDES_MIN_RUNS - 1);
    const total = 3 * NEVER_DECIDES_MIN_RUNS - 1;
    await waitFor(`${total} in-line runs in the history`, () => daemon.history().length === total, 30_000);
    const runs = daemon.history() as unknown as HistoryEntry[];
    expect(runs.every((run) => run.bridge === 'sync' && run.client === 'claude')).toBe(true);
    expect(runs.filter((run) => run.decided).map((run) => run.decision)).toEqual(['block: tests fail']);

    const silent = neverDecidingHooks(daemon.stateDir);
    const notifyRuns = runs.filter((run) => run.command === NOTIFY);
    expect(silent).toEqual([
      {
        command: NOTIFY,
        events: ['Stop'],
        clients: ['claude'],
        runs: NEVER_DECIDES_MIN_RUNS,
        agentMs: notifyRuns.reduce((sum, run) => sum + (run.durationMs ?? 0), 0),
      },
    ]);

    const status = await execa(HOOKD, ['status'], { env: daemon.env, reject: false });
    expect(status.exitCode, status.stderr).toBe(0);
    const advice = `note: the Stop hook ${JSON.stringify(NOTIFY)} ran in line ${NEVER_DECIDES_MIN_RUNS} times and never decided anything (exit 0, nothing the client acts on), holding the agent `;
    expect(status.stdout).toContain(advice);
    expect(status.stdout).toContain(
      `hookd install --async 'cat > /dev/null; echo "notified" >&2' moves it behind hookd emit`,
    );
    expect(status.stdout).not.toContain(JSON.stringify(GATE));
    const json = JSON.parse((await execa(HOOKD, ['status', '--json'], { env: daemon.env })).stdout) as {
      neverDecides: unknown;
    };
    expect(json.neverDecides).toEqual(silent);

    const doctor = await execa(HOOKD, ['doctor', '--json', '--timeout', '5'], { env: daemon.env, reject: false });
    expect((JSON.parse(doctor.stdout) as { neverDecides: unknown }).neverDecides).toEqual(silent);
    const doctorText = await execa(HOOKD, ['doctor', '--timeout', '5'], { env: daemon.env, reject: false });
    expect(doctorText.stdout).toContain(advice);
  }, 120_000);

  it('one failed or timed-out run is enough to leave a hook out: it is not silent, something is wrong with it', () => {
    const run = (fields: Partial<HistoryEntry>): HistoryEntry => ({
      time: '2026-01-01T00:00:00.000Z',
      eventId: 'e',
      event: 'Stop',
      session: 's',
      command: 'notify',
      outcome: 'ok',
      attempt: 1,
      exitCode: 0,
      durationMs: 100,
      bridge: 'sync',
      client: 'claude',
      decided: false,
      decision: 'none',
      ...fields,
    });
    const quiet = Array.from({ length: 25 }, () => run({}));
    expect(neverDecides(quiet)).toMatchObject([{ command: 'notify', runs: 25, agentMs: 2500 }]);
    expect(neverDecides([...quiet, run({ outcome: 'timed_out', exitCode: null })])).toEqual([]);
    expect(neverDecides([...quiet, run({ outcome: 'failed', exitCode: 1 })])).toEqual([]);
    // Runs the daemon made behind hookd emit are not waited on: they are not counted.
    expect(neverDecides(quiet.map((entry) => ({ ...entry, bridge: undefined })))).toEqual([]);
  });

  it('reads the history as its own writer wrote it, across a rotation', () => {
    const stateDir = tempDir();
    // A small file size: the writer rotates history.jsonl into history.jsonl.1 once on the way.
    const history = new History(stateDir, 8192);
    history.open();
    for (let i = 0; i < 30; i++) {
      history.record({
        time: new Date().toISOString(),
        eventId: `e${i}`,
        event: 'SubagentStop',
        session: 's',
        command: 'say done',
        outcome: 'ok',
        attempt: 1,
        exitCode: 0,
        durationMs: 1000,
        bridge: 'sync',
        client: 'droid',
        decided: false,
        decision: 'none',
        stdout: 'x'.repeat(100),
      });
    }
    expect(existsSync(path.join(stateDir, 'history.jsonl.1'))).toBe(true);
    expect(neverDecidingHooks(stateDir)).toEqual([
      { command: 'say done', events: ['SubagentStop'], clients: ['droid'], runs: 30, agentMs: 30_000 },
    ]);
  });
});
