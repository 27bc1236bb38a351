// The history's advice about a hook that never decides (issue 30, item 6): a Stop script install
// cannot read (so it stays behind hookd sync) runs in line as Claude Code runs it, every time
// silent; `hookd status` names the agent time moving it would save, and the command it prints,
// run as printed, puts the hook behind hookd emit. Built binary, a real daemon, a temp HOME.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { stopPayload, stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookd } from '../helpers/run-hookd.js';
import { classifyCommand } from '../../src/settings/classify-command.js';
import { NEVER_DECIDES_MIN_RUNS } from '../../src/history/never-decides.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const SCRIPT = '~/.claude/hooks/notify.sh';

const stopEntry = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { hooks: { Stop: { hooks: { command: string }[] }[] } }).hooks.Stop[0]!
    .hooks[0]!.command;

describe('the advice about a hook that never decides, applied', () => {
  it('status names the time moving the hook would save, and its hookd install --async command moves it behind hookd emit', async () => {
    const home = tempDir('hookd-home-');
    const file = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.join(home, '.claude', 'hooks'), { recursive: true });
    // A notifier in a script: install cannot see inside it, so it stays in line.
    writeFileSync(path.join(home, '.claude', 'hooks', 'notify.sh'), '#!/bin/sh\ncat > /dev/null\n');
    chmodSync(path.join(home, '.claude', 'hooks', 'notify.sh'), 0o755);
    writeFileSync(
      file,
      `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: SCRIPT }] }] } }, null, 2)}\n`,
    );
    const before = readFileSync(file);
    const daemon = testDaemon({}, { home });
    const env = { ...daemon.env, XDG_STATE_HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };

    const install = await runHookd(['install', '--client', 'claude'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(classifyCommand(stopEntry(file)).kind).toBe('sync');

    await daemon.start();
    const entry = stopEntry(file);
    for (let i = 0; i < NEVER_DECIDES_MIN_RUNS; i++) {
      const ran = await execa('sh', ['-c', entry], {
        env,
        cwd: home,
        input: stopPayload({ marker: i }),
        reject: false,
        timeout: 30_000,
      });
      expect(ran.exitCode, ran.stderr).toBe(0);
    }
    await waitFor(
      `${NEVER_DECIDES_MIN_RUNS} in-line runs in the history`,
      () => daemon.history().length === NEVER_DECIDES_MIN_RUNS,
      60_000,
    );

    const status = await runHookd(['status'], { env });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.stdout).toMatch(
      /moves it behind hookd emit, where the agent no longer waits: it would save the agent about \d+\.\d s a run/,
    );
    const advised = /hookd install --async '[^']*'/.exec(status.stdout)?.[0];
    expect(advised).toBe(`hookd install --async '${SCRIPT}'`);

    // The command as printed, run by a shell as a user pastes it.
    const applied = await execa('sh', ['-c', advised!], { env, cwd: home, reject: false, timeout: 60_000 });
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(classifyCommand(stopEntry(file))).toMatchObject({ kind: 'bridge', inner: SCRIPT });
    expect(String(applied.stdout)).toContain(
      `warning: hooks.Stop[0].hooks[0] (${SCRIPT}) goes behind hookd emit as asked`,
    );

    expect((await runHookd(['uninstall', '--client', 'claude'], { env })).exitCode).toBe(0);
    expect(Buffer.compare(readFileSync(file), before)).toBe(0);
  }, 180_000);
});
