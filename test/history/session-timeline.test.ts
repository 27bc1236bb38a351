// `hookd history --session S --timeline` (issue 25 item 4) against a real daemon's history: runs in
// line made through `hookd sync`, runs beside the agent through `hookd emit`; one line per run on
// a time axis of characters, the runs in line marked where the agent waited with their decision,
// the total wait at the bottom; NO_COLOR honoured; --json gives the runs with their offsets; the
// same picture from the files when the daemon is down. And `hookd history --sessions`, the list.
import { afterEach, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';
import {
  BESIDE_FAILS,
  BESIDE_HOOKS,
  BESIDE_OK,
  BLOCK,
  DENY,
  SYNC_FAILS,
  makeSession,
  waitedMs,
} from '../helpers/session-runs.js';
import { took } from '../../src/commands/history-format.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const ESC = '\u001b[';

describe('hookd history --sessions and --session S --timeline', () => {
  it('draws the session: where the agent waited, each decision, the total wait; --json has the offsets; the files give the same picture', async () => {
    const daemon = testDaemon(BESIDE_HOOKS);
    await daemon.start();
    const project = tempDir();
    const lines = await makeSession(daemon, 'sess-tl', project);
    const other = await makeSession(daemon, 'sess-other', tempDir());
    // The sessions, newest first, each with its client, project, runs and the time the agent waited.
    const listed = await runHookd(['history', '--sessions'], { env: { ...daemon.env, NO_COLOR: '1' } });
    expect(
      listed.stdout
        .trimEnd()
        .split('\n')
        .map((row) => row.split(/ {2,}/).slice(1)),
    ).toEqual([
      ['claude', other[0]!.project, '5 runs', `waited ${took(waitedMs(other))} (3 in line)`, 'sess-other'],
      ['claude', project, '5 runs', `waited ${took(waitedMs(lines))} (3 in line)`, 'sess-tl'],
    ]);
    expect((await daemon.request('GET', '/sessions?limit=0')).status).toBe(400);
    const env = { ...daemon.env, NO_COLOR: '1', FORCE_COLOR: '1' };
    const shown = await runHookd(['history', '--session', 'sess-tl', '--timeline'], { env });
    expect(shown.exitCode, shown.stderr).toBe(0);
    const out = shown.stdout;
    expect(out).not.toContain(ESC);
    expect(out.split('\n')[0]).toBe(`session sess-tl (claude, ${project})`);
    // One line per run, oldest first, each with its lane, bar, decision and command.
    const rows = out.split('\n').filter((line) => /\|[ █░]+\|/.test(line) && /(waited|beside)/.test(line));
    expect(rows).toHaveLength(5);
    const commands = [DENY, BESIDE_OK, BESIDE_FAILS, BLOCK, SYNC_FAILS];
    const byCommand = (command: string) => rows.find((row) => row.includes(command.slice(0, 30)))!;
    for (const command of [DENY, BLOCK, SYNC_FAILS]) expect(byCommand(command)).toMatch(/ waited +\|[ █]*█[ █]*\|/);
    for (const command of [BESIDE_OK, BESIDE_FAILS]) expect(byCommand(command)).toMatch(/ beside +\|[ ░]*░[ ░]*\|/);
    expect(byCommand(DENY)).toContain('deny: no rm -rf');
    expect(byCommand(BLOCK)).toContain('block: tests fail');
    expect(byCommand(BESIDE_FAILS)).toContain('failed (exit 3)');
    // On the axis: the first run starts at its left, and the bars start in the order the runs did.
    const starts = rows.map((row) => row.slice(row.indexOf('|') + 1).search(/[█░]/));
    expect(starts[0]).toBe(0);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const byStart = [...lines]
      .sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt))
      .map((line) => line.command);
    expect(rows.map((row) => commands.find((command) => row.includes(command.slice(0, 30))))).toEqual(byStart);
    // The total the agent waited: the durations of the three runs in line, summed.
    expect(out.trimEnd().split('\n').at(-1)).toBe(
      `the agent waited ${took(waitedMs(lines))} on hooks (3 runs in line); 2 ran beside it`,
    );

    const json = await runHookd(['history', '--session', 'sess-tl', '--timeline', '--json'], { env: daemon.env });
    const picture = JSON.parse(json.stdout) as {
      session: { waitedMs: number; runs: number; project: string };
      runs: Array<{ offsetMs: number; startedAt: string; lane: string; command: string }>;
    };
    expect(picture.session).toMatchObject({ waitedMs: waitedMs(lines), runs: 5, project });
    const first = Math.min(...lines.map((line) => Date.parse(line.startedAt)));
    for (const run of picture.runs) {
      const line = lines.find((one) => one.command === run.command)!;
      expect([run.offsetMs, run.lane]).toEqual([
        Date.parse(line.startedAt) - first,
        line.bridge === 'sync' ? 'agent' : 'beside',
      ]);
    }

    // Colour when asked for, by outcome; and the same picture from the files with the daemon down.
    const coloured = await runHookd(['history', '--session', 'sess-tl', '--timeline'], {
      env: { ...daemon.env, FORCE_COLOR: '1' },
    });
    expect(coloured.stdout).toContain(`${ESC}31m|`);
    expect(coloured.stdout.replace(/\u001b\[\d+m/g, '')).toBe(out);
    await daemon.stop();
    const fromFiles = await runHookd(['history', '--session', 'sess-tl', '--timeline'], { env });
    expect(fromFiles.stdout).toBe(out);
    await expect(runHookd(['history', '--sessions'], { env: { ...daemon.env, NO_COLOR: '1' } })).resolves.toMatchObject(
      { stdout: listed.stdout },
    );
  });

  it('asks for a session, and says when the history has none of that name', async () => {
    const daemon = testDaemon(BESIDE_HOOKS);
    await daemon.start();
    const without = await runHookd(['history', '--timeline'], { env: daemon.env });
    expect([without.exitCode, without.stderr]).toEqual([2, expect.stringContaining('--session')]);
    const unknown = await runHookd(['history', '--session', 'nobody', '--timeline'], { env: daemon.env });
    expect([unknown.exitCode, unknown.stderr]).toEqual([
      1,
      expect.stringContaining('no session "nobody" in the history'),
    ]);
  });
});
