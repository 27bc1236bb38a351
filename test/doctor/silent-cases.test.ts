// Issue 42 item 4, reproduction: doctor and status stayed silent about hooks that never run: an
// event name the client does not have (`PretoolUse`; a Gemini CLI file's `Stop`), the group Gemini
// CLI skips (no `hooks` list), a Claude Code `timeout` that reads like milliseconds (5000 seconds
// is 83 minutes), the same from a manifest; and doctor quoted the bridge's wrapped line where the
// user's own command is clearer. Real files under a temp HOME; the built hookd doctor.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hooksThatCannotRun, loadedHere, type CannotRun } from '../../src/cannot-run/cannot-run.js';
import { encodeFor } from '../../src/hif/encode.js';
import { clientById } from '../../src/clients/registry.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';

afterEach(cleanupTempDirs);

function put(file: string, data: object) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(data, null, 2));
}

const hook = (command: string, extra: object = {}) => ({ hooks: [{ type: 'command', command, ...extra }] });
// As hookd install writes a hook behind the bridge: the user's command is `echo slow-stop`.
const WRAPPED = `command -v hookd >/dev/null 2>&1 && exec hookd emit -- 'echo slow-stop'; echo slow-stop`;

/** A home with Claude Code's and Gemini CLI's files, each with a hook its client will never run. */
function homeWithSilentHooks(): string {
  const home = tempDir();
  put(path.join(home, '.claude', 'settings.json'), {
    hooks: {
      PretoolUse: [hook('echo typo-event')],
      Stop: [hook(WRAPPED, { timeout: 5000 })],
      Notification: [hook('echo fine', { timeout: 30 })],
    },
  });
  put(path.join(home, '.gemini', 'settings.json'), {
    hooks: {
      Stop: [hook('echo gemini-stop')],
      BeforeTool: [{ matcher: 'run_shell_command' }, hook('echo kept-tool')],
      // A manifest's 5000 (seconds) as install writes it for Gemini CLI, in milliseconds.
      AfterAgent: [hook('echo long-after', { timeout: 5_000_000 })],
    },
  });
  mkdirSync(path.join(home, 'etc'), { recursive: true });
  return home;
}

async function rowsOf(home: string): Promise<CannotRun[]> {
  const context = { home, pathVar: process.env.PATH, claudeManagedSettings: path.join(home, 'etc', 'managed.json') };
  return hooksThatCannotRun(await loadedHere(context), context);
}

const find = (rows: CannotRun[], client: string, event: string, reason: string) =>
  rows.find((row) => row.client === client && row.event === event && row.reason === reason);

describe('issue 42 item 4: hooks that never run, no longer passed over', () => {
  it('an event the client does not have, with the name it meant', async () => {
    const rows = await rowsOf(homeWithSilentHooks());
    expect(find(rows, 'claude', 'PretoolUse', 'unknown-event')).toMatchObject({
      command: 'echo typo-event',
      why: 'Claude Code has no event "PretoolUse" (its names are case-sensitive): the hook never fires',
      fix: 'rename the event to "PreToolUse"',
    });
    // Claude Code's "turn finished" in Gemini CLI's file: Gemini's own is AfterAgent.
    expect(find(rows, 'gemini', 'Stop', 'unknown-event')).toMatchObject({
      command: 'echo gemini-stop',
      fix: 'rename the event to "AfterAgent"',
    });
  });

  it('the group Gemini CLI skips, named by its place', async () => {
    const rows = await rowsOf(homeWithSilentHooks());
    const skipped = find(rows, 'gemini', 'BeforeTool', 'skipped');
    expect(skipped).toMatchObject({ location: 'hooks.BeforeTool[0]', command: '' });
    expect(skipped!.why).toMatch(/^Gemini CLI skips this group and runs the rest of the file/);
    // Its sibling group runs: not named.
    expect(rows.filter((row) => row.command === 'echo kept-tool')).toEqual([]);
  });

  it('a timeout that reads like milliseconds, in a client of seconds and in one of milliseconds', async () => {
    const rows = await rowsOf(homeWithSilentHooks());
    expect(find(rows, 'claude', 'Stop', 'timeout-unit')).toMatchObject({
      // The user's own command, not the bridge's line that wraps it.
      command: 'echo slow-stop',
      why: 'Claude Code reads "timeout": 5000 as 5000 seconds (83 minutes): it reads like milliseconds, and a hook that hangs holds the agent that long',
      fix: 'write it in seconds, as Claude Code reads it: "timeout": 5 for 5 second(s)',
    });
    expect(find(rows, 'gemini', 'AfterAgent', 'timeout-unit')).toMatchObject({
      why: expect.stringContaining('reads "timeout": 5000000 as 5000 seconds (83 minutes)'),
      fix: 'write it in milliseconds, as Gemini CLI reads it: "timeout": 5000 for 5 second(s)',
    });
    // A timeout of 30 seconds is what it says.
    expect(rows.filter((row) => row.command === 'echo fine')).toEqual([]);
  });

  it("a manifest's timeout that reads like milliseconds is said at install", () => {
    const encoded = encodeFor(
      {
        spec: 'hooks/0.1',
        hooks: [{ name: 'slow', event: 'agent_stop', handler: { type: 'command', command: 'echo x', timeout: 5000 } }],
      },
      clientById('claude')!,
      'linux',
    );
    expect(encoded.notes).toContain(
      '"slow": "timeout": 5000 is 5000 seconds (83 minutes) (a manifest\'s timeout is in seconds): it reads like milliseconds; write 5 for 5000 ms',
    );
  });

  it('hookd doctor names them, quoting the command the user wrote', async () => {
    const home = homeWithSilentHooks();
    const env = {
      ...process.env,
      HOME: home,
      HOOKD_CLAUDE_MANAGED_SETTINGS: path.join(home, 'etc', 'managed.json'),
      HOOKD_STATE_DIR: path.join(home, 'state'),
    } as Record<string, string>;
    const result = await runHookd(['doctor', '--timeout', '2'], { env, cwd: home });
    expect(result.stdout).toContain(`Claude Code's PretoolUse hook "echo typo-event"`);
    expect(result.stdout).toContain(`Claude Code's Stop hook "echo slow-stop" (`);
    expect(result.stdout).not.toContain('exec hookd emit');
    expect(result.stdout).toMatch(
      /Gemini CLI's BeforeTool hooks \(.*settings\.json, hooks\.BeforeTool\[0\]\) will not run/,
    );
    expect(result.stdout).toContain(`Gemini CLI's Stop hook "echo gemini-stop"`);
  });
});
