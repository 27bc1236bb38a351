// Issue 42 item 2: the first help screen is about hooks. `hookd --help` lists the hook commands
// first and the platform API as one command at the end (`hookd api …`), its commands under it.
import { describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';

/** The command names of a help text's "Commands:" section, in order. */
function commandsOf(help: string): string[] {
  const section = help.split('\nCommands:\n')[1]!.split('\n\n')[0]!;
  return section
    .split('\n')
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => line.trim().split(/\s/)[0]!);
}

const PLATFORM = ['sessions', 'computers', 'reports', 'controls', 'limits', 'emulator'];

describe('issue 42 item 2: hookd --help', () => {
  it('lists the hook commands first and no platform command beside them', async () => {
    const help = await runHookd(['--help']);
    expect(help.exitCode).toBe(0);
    const names = commandsOf(help.stdout);
    expect(names.slice(0, 6)).toEqual(['emit', 'sync', 'guard', 'run', 'validate', 'clients']);
    expect(names.filter((name) => PLATFORM.includes(name))).toEqual([]);
    expect(names.slice(-2)).toEqual(['api', 'help']);
  });

  it("puts the platform's commands under hookd api, where they run", async () => {
    const help = await runHookd(['api', '--help']);
    expect(commandsOf(help.stdout)).toEqual(expect.arrayContaining(PLATFORM));
    const list = await runHookd(['api', 'sessions', 'list', '--help']);
    expect(list).toMatchObject({ exitCode: 0, stdout: expect.stringMatching(/^Usage: hookd api sessions list /) });
    // The top-level names are gone: an unknown command, exit 125 as every unknown command (issue 41
    // item 8: a mistyped bridge in an entry must not read as a block, which exit 2 is).
    expect(await runHookd(['computers', 'list'])).toMatchObject({
      exitCode: 125,
      stderr: expect.stringContaining("unknown command 'computers'"),
    });
  });
});
