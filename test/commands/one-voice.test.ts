// Reproduction of issue 13 item 9, one voice: every command's help lists its exit codes, `emit
// --help` reads like the others' (from either path of the bridge), commander's usage errors exit 2
// like every other bad input, and every line of an error starts `hookd: `.
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/program.js';
import { INTERNAL_ERROR_EXIT } from '../../src/bridge/bridge-limits.js';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

/** Every command without subcommands, with its path (`service status`). */
function leaves(command: Command, prefix = ''): [string, Command][] {
  return command.commands.flatMap((sub) => {
    const name = prefix ? `${prefix} ${sub.name()}` : sub.name();
    return sub.commands.length === 0 ? [[name, sub] as [string, Command]] : leaves(sub, name);
  });
}

describe('issue 13 item 9: one voice', () => {
  it("each command's --help ends with its exit codes", () => {
    const all = leaves(buildProgram('0.0.0'));
    expect(all.length).toBeGreaterThan(20);
    for (const [name, command] of all) {
      let help = '';
      command.configureOutput({ writeOut: (text) => (help += text) });
      command.outputHelp();
      expect([name, help]).toEqual([
        name,
        expect.stringMatching(/\nExit codes:\n {2}0 {2}\S.*\n(?: {2}\d {2}\S.*\n)*$/),
      ]);
    }
  });

  it('emit --help is the help of the command table, on stdout, from the sh bridge and from Node', async () => {
    const reference = await runHookd(['help', 'emit']);
    expect(reference.stdout).toMatch(/^Usage: hookd emit \[options\] \[command\.\.\.\]\n/);
    expect(reference.stdout).toContain('--payload-arg');
    expect(reference.stdout).toContain('Exit codes:\n  0  always');
    for (const env of [{}, { HOOKD_BRIDGE_NODE: '1' }] as Record<string, string>[]) {
      const help = await runHookd(['emit', '--help'], { env });
      expect(help).toEqual({ exitCode: 0, stdout: reference.stdout, stderr: '' });
    }
  });

  it("commander's usage errors exit 2, like a bad value", async () => {
    for (const args of [
      ['validate', '--bogus'],
      ['api', 'sessions'],
      ['api', 'sessions', 'nosuch'],
      ['api', 'sessions', 'list', '--limit'],
      ['daemon', '--concurrency', '0'],
    ]) {
      const result = await runHookd(args);
      expect([args.join(' '), result.exitCode]).toEqual([args.join(' '), 2]);
      expect(result.stderr).toMatch(/^hookd: |^Usage: hookd api sessions/);
    }
    // But an unknown command exits as a bridge that cannot read its words (issue 41, 8): a mistyped
    // entry (`hookd synk -- CMD`) is run as a hook, and a client reads exit 2 as a block.
    expect((await runHookd(['nosuch'])).exitCode).toBe(INTERNAL_ERROR_EXIT);
  });

  it('a bad value names where it came from, the flag or its environment variable, in one line', async () => {
    const flag = await runHookd(['api', 'sessions', 'list', '--timeout', 'soon']);
    expect(flag).toMatchObject({
      exitCode: 2,
      stderr: 'hookd: --timeout must be a positive number of seconds, got "soon"',
    });
    const env = await runHookd(['api', 'sessions', 'list'], { env: { HOOKD_API_TIMEOUT: 'soon' } });
    expect(env).toMatchObject({
      exitCode: 2,
      stderr: 'hookd: HOOKD_API_TIMEOUT must be a positive number of seconds, got "soon"',
    });
    const port = await runHookd(['daemon', '--state-dir', tempDir()], { env: { HOOKD_TCP_PORT: 'x' } });
    expect(port).toMatchObject({
      exitCode: 2,
      stderr: 'hookd: HOOKD_TCP_PORT must be a port number from 0 to 65535, got "x"',
    });
  });

  it('every line of a multi-line error starts hookd:', async () => {
    const file = path.join(tempDir(), 'settings.json');
    writeFileSync(
      file,
      JSON.stringify({
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'a', timeout: 'x' }, { type: 'command' }] }] },
      }),
    );
    const result = await runHookd(['run', 'Stop', '--settings', file]);
    expect(result.exitCode).toBe(2);
    const lines = result.stderr.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^hookd: /);
  });
});
