// Issue 40, item 5: the hooks that will not run and did not fire are read again only when what
// they were read from changed (a hook file, a program or a folder of the PATH, the history), not
// on every ask, and a change shows at the very next GET /status. Each reading is counted from the
// daemon's own log line for it.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopPayload, stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

interface Row {
  command: string;
  reason: string;
  why: string;
}

// The readings the daemon logged so far, and the parts each read again ('files': the hook files, the
// clients' files and the programs, then both lists; 'runs': the history's new lines, then "did not
// fire"). A reading for a change outside the test's home and state (a folder of the PATH where another
// process installs a program meanwhile) is right, and not this test's: it is left out.
function readings(daemon: TestDaemon, home: string): { parts: string[]; why: string }[] {
  return daemon
    .logs()
    .split('\n')
    .filter((line) => line.includes('reading the hooks of status again'))
    .map((line) => JSON.parse(line) as { parts: string[]; why: string })
    .filter(({ why }) => !why.startsWith('/') || why.startsWith(home) || why.startsWith(daemon.stateDir));
}

/**
 * The readings once the log holds `count` of them: the daemon logs a reading through its stdout, which
 * the test reads a while after the answer it went with (under load, a while more).
 */
async function readingsAt(daemon: TestDaemon, home: string, count: number) {
  await waitFor(`${count} readings in the log`, () => readings(daemon, home).length >= count);
  return readings(daemon, home);
}

const cannotRun = async (daemon: TestDaemon) =>
  ((await daemon.request('GET', '/status')).body as { cannotRun: Row[] }).cannotRun;

// A home whose Claude Code settings run a script that is not executable and a program not on the PATH.
function home(): { home: string; settings: string; script: string; bin: string } {
  const dir = tempDir();
  const script = path.join(dir, 'hooks', 'check.sh');
  mkdirSync(path.dirname(script), { recursive: true });
  writeFileSync(script, '#!/bin/sh\nexit 0\n');
  chmodSync(script, 0o644);
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  const settings = path.join(dir, '.claude', 'settings.json');
  mkdirSync(path.dirname(settings));
  const hooks = {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: script }] }],
    Stop: [
      { hooks: [{ type: 'command', command: 'team-linter --quiet' }] },
      { hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] },
    ],
  };
  writeFileSync(settings, JSON.stringify({ hooks }, null, 2));
  return { home: dir, settings, script, bin };
}

describe('status reads the hooks again only when what they were read from changed (issue 40, item 5)', () => {
  it('one reading serves every ask until a file, the PATH or the history changes, and each change shows at the next ask', async () => {
    const { home: dir, settings, script, bin } = home();
    const daemon = testDaemon({}, { home: dir });
    daemon.env.PATH = `${bin}:${daemon.env.PATH}`;
    await daemon.start();

    const first = await cannotRun(daemon);
    expect(first.map((row) => row.why).sort()).toEqual([
      expect.stringMatching(/check\.sh is not executable/),
      expect.stringMatching(/team-linter is not on the PATH/),
    ]);
    // Asks of status and a metrics scrape share the one reading.
    for (let i = 0; i < 4; i++) await cannotRun(daemon);
    expect(String((await daemon.request('GET', '/metrics')).body)).toMatch(
      /hookd_hooks_cannot_run\{client="claude",reason="cannot-start"\} 2/,
    );
    expect(await readingsAt(daemon, dir, 1)).toHaveLength(1);

    // The script made executable: gone at the next ask, read once.
    chmodSync(script, 0o755);
    expect((await cannotRun(daemon)).map((row) => row.command)).toEqual(['team-linter --quiet']);
    await cannotRun(daemon);
    expect(await readingsAt(daemon, dir, 2)).toHaveLength(2);

    // The program installed into a folder of the PATH: gone at the next ask.
    writeFileSync(path.join(bin, 'team-linter'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    expect(await cannotRun(daemon)).toEqual([]);
    expect(await readingsAt(daemon, dir, 3)).toHaveLength(3);

    // The settings edited: the new hook's missing program is named at the next ask.
    const edited = JSON.parse(readFileSync(settings, 'utf8')) as { hooks: Record<string, unknown[]> };
    edited.hooks.UserPromptSubmit = [{ hooks: [{ type: 'command', command: '/opt/gone/prompt-guard' }] }];
    writeFileSync(settings, JSON.stringify(edited, null, 2));
    expect((await cannotRun(daemon)).map((row) => row.why)).toEqual([
      expect.stringMatching(/\/opt\/gone\/prompt-guard does not exist/),
    ]);
    expect((await readingsAt(daemon, dir, 4)).map((reading) => reading.parts.join())).toEqual([
      'files,sessions,runs',
      'files',
      'files',
      'files',
    ]);

    // A run recorded: only "did not fire" is read again, once, however often status is asked.
    await daemon.emit('true', stopPayload());
    await waitFor('the run in the history', () => daemon.history().length === 1);
    for (let i = 0; i < 3; i++) await cannotRun(daemon);
    expect((await readingsAt(daemon, dir, 5)).map((reading) => reading.parts.join()).slice(4)).toEqual(['runs']);
    expect(readings(daemon, dir).at(-1)!.why).toMatch(/history\.jsonl changed/);
  });
  it('a session Claude Code recorded with no run through hookd is named at the next ask after its record appears', async () => {
    const { home: dir, settings } = home();
    // The hooks were there before the session.
    const before = new Date(Date.now() - 10 * 60_000);
    utimesSync(settings, before, before);
    const daemon = testDaemon({}, { home: dir });
    await daemon.start();
    const silent = async () =>
      ((await daemon.request('GET', '/status')).body as { didNotFire: { sessions: string[] }[] }).didNotFire;
    expect(await silent()).toEqual([]);
    expect(await silent()).toEqual([]);
    expect(await readingsAt(daemon, dir, 1)).toHaveLength(1);

    // A transcript of a session that ended a minute ago, in which no hook reached hookd.
    const session = '0d6f1c3e-5b7a-4c2d-9e8f-1a2b3c4d5e6f';
    const transcript = path.join(dir, '.claude', 'projects', '-work-demo', `${session}.jsonl`);
    mkdirSync(path.dirname(transcript), { recursive: true });
    writeFileSync(transcript, '{"type":"user"}\n');
    const ended = new Date(Date.now() - 60_000);
    utimesSync(transcript, ended, ended);
    expect((await silent()).map((hook) => hook.sessions)).toEqual([[session]]);
    expect((await readingsAt(daemon, dir, 2)).map((reading) => reading.parts.join())).toEqual([
      'files,sessions,runs',
      'sessions',
    ]);
  });
  it('a session recorded too recently to count is named once it is old enough, without a reading per ask meanwhile', async () => {
    const { home: dir, settings } = home();
    const before = new Date(Date.now() - 10 * 60_000);
    utimesSync(settings, before, before);
    const session = '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
    const transcript = path.join(dir, '.claude', 'projects', '-work-demo', `${session}.jsonl`);
    mkdirSync(path.dirname(transcript), { recursive: true });
    writeFileSync(transcript, '{"type":"user"}\n');
    // Its record changed 20 s ago: it may still be in its first turn for 10 s more (SETTLED_MS, 30 s).
    const changed = new Date(Date.now() - 20_000);
    utimesSync(transcript, changed, changed);
    const daemon = testDaemon({}, { home: dir });
    await daemon.start();
    const silent = async () =>
      ((await daemon.request('GET', '/status')).body as { didNotFire: { sessions: string[] }[] }).didNotFire;
    let asks = 0;
    await waitFor('the session named once settled', async () => (asks++, (await silent()).length === 1), 60_000);
    expect(asks).toBeGreaterThan(2);
    expect((await readingsAt(daemon, dir, 2)).map((reading) => reading.why)).toEqual([
      'first ask',
      'a recorded session is old enough to count',
    ]);
  });
});
