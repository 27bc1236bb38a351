// Reproduction of issue 29, item 2: with one Copilot CLI hook file hookd could not read, `hookd
// install` exited 2 saying "nothing was changed: fix the file first", after it had rewritten
// ~/.claude/settings.json. Now every file is read and checked before the first is written: such a
// file stops the run with nothing written anywhere (install, with --add, --events, --async-only, and
// uninstall alike); and a write that still fails once writing has begun names every file written
// and every one that was not, and the output says what was done to those written.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';
import { runInstall } from '../../src/commands/install.js';
import { PartialWrite } from '../../src/install/write-all.js';

afterEach(cleanupTempDirs);

const CLAUDE = `${JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo stop' }] }] } }, null, 2)}\n`;
const COPILOT = `${JSON.stringify({ version: 1, hooks: { agentStop: [{ type: 'command', bash: 'echo done' }] } }, null, 2)}\n`;
// Valid JSON that Copilot CLI's schema refuses: hookd cannot know what this file means.
// A file neither Copilot CLI nor hookd can use (an entry with a bad field, the client skips alone:
// issue 30): a command where the event's list belongs.
const UNREADABLE = '{"version": 1, "hooks": {"preToolUse": "./guard.sh"}}\n';

/** A home with Claude Code's and Copilot CLI's user hook files, and the environment hookd runs with there. */
function twoClients() {
  const home = tempDir('hookd-home-');
  const claude = path.join(home, '.claude', 'settings.json');
  const hooks = path.join(home, '.copilot', 'hooks');
  mkdirSync(path.dirname(claude));
  mkdirSync(hooks, { recursive: true });
  writeFileSync(claude, CLAUDE);
  const copilot = path.join(hooks, 'team.json');
  writeFileSync(copilot, COPILOT);
  const state = path.join(home, 'state');
  return {
    home,
    claude,
    copilot,
    hooks,
    state,
    env: { HOME: home, HOOKD_STATE_DIR: state, XDG_DATA_HOME: path.join(home, 'share') },
  };
}

/** The files hookd wrote into the state directory: its install record and the backups. */
const stateFiles = (state: string) =>
  existsSync(state) ? readdirSync(state, { recursive: true, encoding: 'utf8' }) : [];

describe('install is all or nothing, per run (issue 29, item 2)', () => {
  for (const args of [[], ['--add', 'notify'], ['--events', 'Stop,agentStop'], ['--async-only', '--events', 'Stop']]) {
    it(`hookd install ${args.join(' ')}: a Copilot CLI file hookd cannot read stops the run before Claude Code's file is written`, async () => {
      const { claude, hooks, state, env, home } = twoClients();
      writeFileSync(path.join(hooks, 'broken.json'), UNREADABLE);
      const run = await runHookd(['install', ...args], { env });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toContain(`${path.join(hooks, 'broken.json')}: hooks.preToolUse: expected an array`);
      expect(run.stderr).toContain('nothing was changed');
      expect(readFileSync(claude, 'utf8')).toBe(CLAUDE);
      expect(stateFiles(state).filter((name) => name !== 'backups')).toEqual([]);
      expect(existsSync(path.join(home, 'share', 'hookd'))).toBe(false);
    });
  }

  it('a file of the hooks folder that is not JSON at all is left alone, and install says so', async () => {
    const { claude, hooks, env } = twoClients();
    const broken = path.join(hooks, 'broken.json');
    writeFileSync(broken, '{"version": 1, "hooks": ');
    const run = await runHookd(['install'], { env });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${broken} (GitHub Copilot CLI): left alone: not valid JSON`);
    expect(readFileSync(broken, 'utf8')).toBe('{"version": 1, "hooks": ');
    expect(readFileSync(claude, 'utf8')).not.toBe(CLAUDE);
  });

  it('hookd uninstall: a file that can no longer be read stops the run before any other file is given back', async () => {
    const { claude, copilot, env } = twoClients();
    const installed = await runHookd(['install'], { env });
    expect(installed.exitCode, installed.stderr).toBe(0);
    const claudeInstalled = readFileSync(claude, 'utf8');
    expect(claudeInstalled).not.toBe(CLAUDE);
    writeFileSync(copilot, UNREADABLE);
    const run = await runHookd(['uninstall'], { env });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`${copilot}: hooks.preToolUse: expected an array`);
    expect(run.stdout).toBe('');
    expect(readFileSync(claude, 'utf8')).toBe(claudeInstalled);
    // Fixed, the same uninstall gives every file back.
    writeFileSync(
      copilot,
      readFileSync(copilot, 'utf8').replace(
        '"./guard.sh"',
        '[{"type": "command", "bash": "./guard.sh", "timeoutSec": 10}]',
      ),
    );
    expect((await runHookd(['uninstall'], { env })).exitCode).toBe(0);
    expect(readFileSync(claude, 'utf8')).toBe(CLAUDE);
  });

  it('a failure after the settings are written (the example scripts cannot be copied) names the files written, and says what was done to them', async () => {
    const { claude, home, env } = twoClients();
    // A file where the examples folder goes: no one, root included, can make the folder.
    mkdirSync(path.join(home, 'share'));
    writeFileSync(path.join(home, 'share', 'hookd'), 'in the way');
    const run = await runHookd(['install', '--client', 'claude', '--add', 'notify'], { env });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('hookd install stopped after writing every file: cannot copy the example hooks');
    expect(run.stderr).toContain(`written before that: ${claude}`);
    expect(run.stdout).toContain(`${claude} (Claude Code): 3 change(s) written; hookd uninstall undoes them`);
    expect(readFileSync(claude, 'utf8')).not.toBe(CLAUDE);
  });

  it('a file changed by someone else while install writes the others: the error names the file written and the one not', async () => {
    const { home, claude, copilot, state } = twoClients();
    const saved = process.env.HOME;
    process.env.HOME = home;
    let commits = 0;
    try {
      const stopped = await runInstall(
        { stateDir: state },
        {
          beforeCommit: () => {
            // The second file is Copilot CLI's (the clients' order): an editor saves it just then.
            if (++commits === 2) writeFileSync(copilot, COPILOT.replace('echo done', 'echo edited'));
          },
        },
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(stopped).toBeInstanceOf(PartialWrite);
      const error = stopped as PartialWrite;
      expect(error.exitCode).toBe(1);
      expect(error.message).toContain(
        `hookd install stopped at ${copilot}: ${copilot}: the file changed while hookd was editing it`,
      );
      expect(error.message).toContain(`written before that: ${claude}`);
      expect(error.message).toContain(`not written: ${copilot}`);
      expect(error.printed.join('\n')).toContain(`${claude} (Claude Code): 1 change(s) written`);
    } finally {
      process.env.HOME = saved;
    }
    expect(readFileSync(claude, 'utf8')).not.toBe(CLAUDE);
    expect(readFileSync(copilot, 'utf8')).toContain('echo edited');
  });
});
