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
});
