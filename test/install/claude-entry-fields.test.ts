// Claude Code's newer entry fields (issue 32, item 4; from its docs, checked against 2.1.330's
// strings): `if` and `once` stay on an entry install wraps; an `async: true` hook goes behind
// hookd emit (Claude Code reads nothing of it) but an `asyncRewake: true` one stays in line, since
// its exit 2 wakes the agent; `"shell": "powershell"` and `mcp_tool` hooks are left to Claude Code;
// uninstall gives the file back byte for byte. Real files, the built hookd.
import { afterEach, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';
import { syncCommand, wrapCommand } from '../../src/install/quote-command.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

describe("Claude Code's newer entry fields", () => {
  it('keeps if and once, keeps an asyncRewake hook in line, leaves powershell and mcp_tool hooks to Claude Code', async () => {
    const home = tempDir();
    const file = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.dirname(file), { recursive: true });
    copyFileSync(path.join(ROOT, 'test', 'fixtures', 'claude-fields', 'settings.json'), file);
    const before = readFileSync(file, 'utf8');
    const env = { HOME: home, HOOKD_STATE_DIR: path.join(tempDir(), 'state') };
    const install = await runHookd(['install', '--client', 'claude'], { env });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    const { hooks } = JSON.parse(readFileSync(file, 'utf8'));
    const sync = (command: string, event: string) => syncCommand(command, { client: 'claude', event, timeoutSec: 600 });
    expect(hooks.PostToolUse[0].hooks).toEqual([
      { type: 'command', command: sync('./check.sh', 'PostToolUse'), if: 'Bash(git *)', once: true },
      { type: 'command', command: sync('./slow-check.sh', 'PostToolUse'), async: true, asyncRewake: true },
      { type: 'command', command: 'Get-Date', shell: 'powershell' },
      { type: 'mcp_tool', server: 's', tool: 't' },
    ]);
    expect(hooks.Stop[0].hooks[0].command).toBe(wrapCommand('./gate.sh'));
    const uninstall = await runHookd(['uninstall', '--client', 'claude'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  // Issue 43 item 4: 2.1.332's exec-form `args`, a prompt hook's `continueOnBlock`, `statusMessage`,
  // and its newer events; Qwen Code 0.24.4's http hook with `if`, its prompt hook, and a command
  // entry with fields it reads (`if`, `shell`, `statusMessage`) or not (`args`).
  it('keeps the newer fields, wraps the newer events by what each reads, leaves exec-form args to Claude Code, and uninstall gives both files back', async () => {
    const home = tempDir();
    const files = {
      claude: [
        path.join(home, '.claude', 'settings.json'),
        path.join(ROOT, 'test', 'fixtures', 'claude-fields', 'newer.json'),
      ],
      qwen: [
        path.join(home, '.qwen', 'settings.json'),
        path.join(ROOT, 'test', 'fixtures', 'qwen-fields', 'settings.json'),
      ],
    } as const;
    for (const [file, fixture] of Object.values(files)) {
      mkdirSync(path.dirname(file), { recursive: true });
      copyFileSync(fixture, file);
    }
    const env = { HOME: home, HOOKD_STATE_DIR: path.join(tempDir(), 'state') };
    const install = await runHookd(['install'], { env });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    expect(install.stdout).toContain(
      'left alone: hooks.PreToolUse[0].hooks[0] (/usr/local/bin/guard): Claude Code runs it as a program with "args", without a shell; a bridge in front would change how its arguments are read',
    );
    const claude = JSON.parse(readFileSync(files.claude[0], 'utf8')).hooks;
    const sync = (command: string, event: string, timeoutSec = 600) =>
      syncCommand(command, { client: 'claude', event, timeoutSec });
    expect(claude.PreToolUse[0].hooks).toEqual([
      { type: 'command', command: '/usr/local/bin/guard', args: ['--mode', 'strict'], statusMessage: 'guarding' },
      { type: 'prompt', prompt: 'Is this safe? $ARGUMENTS', continueOnBlock: true, model: 'claude-haiku' },
    ]);
    // A model switch can be refused and its aftermath adds context: both read, so in line; DirectoryAdded is not.
    expect(claude.PreModelSwitch[0]).toEqual({
      matcher: 'opus',
      hooks: [{ type: 'command', command: sync('./model-guard.sh', 'PreModelSwitch', 5), timeout: 5 }],
    });
    expect(claude.PostModelSwitch[0].hooks[0].command).toBe(sync('./model-note.sh', 'PostModelSwitch'));
    expect(claude.PreSkillShellCommand[0].hooks[0].command).toBe(sync('./skill-guard.sh', 'PreSkillShellCommand'));
    expect(claude.DirectoryAdded[0].hooks[0].command).toBe(wrapCommand('./dir-note.sh'));
    const qwen = JSON.parse(readFileSync(files.qwen[0], 'utf8')).hooks.PreToolUse[0].hooks;
    expect(qwen).toEqual([
      { type: 'http', url: 'https://example.com/hook', if: 'run_shell_command(git *)', timeout: 10 },
      { type: 'prompt', prompt: 'safe?' },
      {
        type: 'command',
        command: syncCommand('./q.sh', { client: 'qwen', event: 'PreToolUse', timeoutSec: 60 }),
        args: ['a'],
        if: 'x',
        shell: 'bash',
        statusMessage: 's',
      },
    ]);
    const uninstall = await runHookd(['uninstall'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    for (const [file, fixture] of Object.values(files))
      expect(readFileSync(file, 'utf8')).toBe(readFileSync(fixture, 'utf8'));
  });
});
