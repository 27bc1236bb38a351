// `hookd install --add GUARD` (issue 31, item 4): one guard into every client present, each on its
// own "before a tool runs" event (Cursor: the event of each tool the guard reads), behind
// `hookd sync --canonical --client ID`, with the client's timeout unit; the installed entry, run as
// the client runs it, denies; uninstall gives every file back.
import { execa } from 'execa';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runHookd } from '../helpers/run-hookd.js';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const entry = (client: string, event: string, name: string) => `command -v hookd >/dev/null 2>&1 && exec hookd sync --canonical --client ${client} --event ${event} --timeout 10 -- 'hookd guard ${name}'; hookd guard ${name}`;

describe('hookd install --add a guard', () => {
  it('goes into every client on its before-tool event, canonical and in line, runs, and uninstall takes it away', async () => {
    const home = tempDir();
    const env = { HOME: home, HOOKD_STATE_DIR: path.join(tempDir(), 'state'), XDG_DATA_HOME: path.join(home, '.local', 'share') };
    for (const folder of ['.copilot', '.cursor', '.qwen', '.gemini', '.factory', '.codex']) mkdirSync(path.join(home, folder));
    const claude = path.join(home, '.claude', 'settings.json');
    mkdirSync(path.dirname(claude));
    const claudeText = '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo bye"}]}]}}\n';
    writeFileSync(claude, claudeText);
    const install = await runHookd(['install', '--add', 'no-rm-rf,no-secrets-read'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    const json = (file: string) => JSON.parse(readFileSync(path.join(home, file), 'utf8'));
    const commands = (hooks: Record<string, Array<{ hooks: Array<{ command: string; timeout: number }> }>>, event: string) => hooks[event]!.flatMap((group) => group.hooks.map((hook) => [hook.command, hook.timeout]));
    expect(commands(json('.claude/settings.json').hooks, 'PreToolUse')).toEqual([[entry('claude', 'PreToolUse', 'no-rm-rf'), 10], [entry('claude', 'PreToolUse', 'no-secrets-read'), 10]]);
    expect(commands(json('.gemini/settings.json').hooks, 'BeforeTool')).toEqual([[entry('gemini', 'BeforeTool', 'no-rm-rf'), 10000], [entry('gemini', 'BeforeTool', 'no-secrets-read'), 10000]]);
    expect(commands(json('.qwen/settings.json').hooks, 'PreToolUse')[0]).toEqual([entry('qwen', 'PreToolUse', 'no-rm-rf'), 10]);
    expect(commands(json('.codex/hooks.json').hooks ?? json('.codex/hooks.json'), 'PreToolUse')[0]).toEqual([entry('codex', 'PreToolUse', 'no-rm-rf'), 10]);
    expect(json('.copilot/hooks/hookd.json').hooks.preToolUse[0]).toEqual({ type: 'command', bash: entry('copilot', 'preToolUse', 'no-rm-rf'), timeoutSec: 10 });
    // Cursor: one event per tool; the secrets guard reads both the shell and files.
    const cursor = json('.cursor/hooks.json').hooks;
    expect(Object.keys(cursor).sort()).toEqual(['beforeReadFile', 'beforeShellExecution']);
    expect(cursor.beforeReadFile).toEqual([{ command: entry('cursor', 'beforeReadFile', 'no-secrets-read'), timeout: 10 }]);
    expect(cursor.beforeShellExecution.map((hook: { command: string }) => hook.command)).toEqual([entry('cursor', 'beforeShellExecution', 'no-rm-rf'), entry('cursor', 'beforeShellExecution', 'no-secrets-read')]);
    // Installing again changes nothing.
    const again = await runHookd(['install', '--add', 'no-rm-rf,no-secrets-read'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(commands(json('.claude/settings.json').hooks, 'PreToolUse')).toHaveLength(2);
    // The installed entry, as Claude Code runs it (sh -c, the event on stdin, hookd on PATH), denies.
    const payload = JSON.stringify({ ...JSON.parse(readFileSync(path.join(ROOT, 'samples/claude/PreToolUse.json'), 'utf8')), cwd: home, tool_input: { command: 'rm -rf /' } });
    const ran = await execa('/bin/sh', ['-c', entry('claude', 'PreToolUse', 'no-rm-rf')], { input: payload, reject: false, env: { ...env, PATH: `${path.dirname(HOOKD)}:${process.env.PATH}`, CLAUDE_PROJECT_DIR: home } });
    expect({ code: ran.exitCode, stderr: ran.stderr }).toEqual({ code: 2, stderr: expect.stringContaining('(no-rm-rf)') });
    const uninstall = await runHookd(['uninstall'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(claude, 'utf8')).toBe(claudeText);
    for (const made of ['.copilot/hooks/hookd.json', '.cursor/hooks.json', '.qwen/settings.json', '.gemini/settings.json']) expect(existsSync(path.join(home, made)), made).toBe(false);
  }, 60_000);
});
