// End to end on a home with all seven clients' files, holding the bad input of issue 20: a Droid
// hooks.json shaped {"hooks": …}, a Copilot CLI folder with one broken file among good ones and an
// entry with only `powershell`, a Qwen Code timeout of 5000, a Codex hooks.json beside a config.toml
// with comments, a Cursor file with a relative command, the same bridge entry in two clients'
// files. `hookd clients` and `hookd validate` (no flags) say one clear thing of each; `hookd run`
// feeds each new client its own captured payload, with the variables the client would give.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const group = (command: string, extra: object = {}) => ({ hooks: [{ type: 'command', command, ...extra }] });
const BRIDGE = "hookd emit -- 'notify-send done'";

function write(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
}

/** The files of the home, by name, as written. */
function sevenClients(home: string, out: string): Record<string, string> {
  const files: Record<string, unknown> = {
    '.factory/settings.json': `// Factory CLI Settings\n${JSON.stringify({ hooks: { Stop: [group(`echo "$session_id $stop_hook_active" > ${out}/droid-stop`)] } })}\n`,
    '.factory/hooks.json': { hooks: { Stop: [group('never-run')] } },
    '.claude/settings.json': { hooks: { Stop: [group(BRIDGE)] } },
    '.copilot/hooks/good.json': {
      version: 1,
      hooks: { agentStop: [{ type: 'command', bash: `cat > ${out}/copilot-agentStop`, timeoutSec: 5 }] },
    },
    '.copilot/hooks/broken.json': '{"version": 1, "hooks": {"agentStop": [',
    '.copilot/hooks/windows.json': {
      version: 1,
      hooks: { preToolUse: [{ type: 'command', powershell: 'Write-Host hi' }] },
    },
    '.qwen/settings.json': { hooks: { Stop: [group('qwen-stop', { timeout: 5000 })] } },
    '.gemini/settings.json': { hooks: { AfterAgent: [group('gemini-after')] } },
    '.codex/hooks.json': { hooks: { Stop: [group('codex-stop')] } },
    '.codex/config.toml':
      '# my Codex settings\nmodel = "gpt-5"\n\n[features]\nhooks = true # on\n\n[[hooks.SessionEnd]]\n[[hooks.SessionEnd.hooks]]\ntype = "command" # mine\ncommand = "codex-end"\n',
    '.cursor/hooks.json': {
      version: 1,
      hooks: { stop: [{ command: "hookd emit -- 'node .cursor/hooks/audit.mjs'" }, { command: BRIDGE }] },
    },
  };
  const written: Record<string, string> = {};
  for (const [name, value] of Object.entries(files)) {
    write(path.join(home, name), value);
    written[name] = readFileSync(path.join(home, name), 'utf8');
  }
  return written;
}

describe('a home with all seven clients, and the bad input of issue 20', () => {
  let home: string;
  let out: string;
  let env: Record<string, string>;
  let written: Record<string, string>;
  beforeEach(() => {
    home = tempDir();
    out = tempDir();
    env = { HOME: home, HOOKD_STATE_DIR: path.join(tempDir(), 'state'), NO_COLOR: '1' };
    written = sevenClients(home, out);
  });

  it('install (no flags) edits a file each client reads, never the bad ones; uninstall gives every file back byte for byte', async () => {
    const install = await runHookd(['install'], { env });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    // Droid ignores its {"hooks": …} hooks.json: install edits settings.json; Copilot CLI's hookd.json, never a broken file of the user's.
    expect(install.stdout).toContain(`${path.join(home, '.factory/settings.json')} (Droid): 1 change(s) written`);
    for (const untouched of [
      '.factory/hooks.json',
      '.copilot/hooks/broken.json',
      '.copilot/hooks/windows.json',
      '.codex/config.toml',
    ]) {
      expect(readFileSync(path.join(home, untouched), 'utf8'), untouched).toBe(written[untouched]);
    }
    const uninstall = await runHookd(['uninstall'], { env });
    expect(uninstall.exitCode, uninstall.stderr + uninstall.stdout).toBe(0);
    for (const [name, text] of Object.entries(written))
      expect(readFileSync(path.join(home, name), 'utf8'), name).toBe(text);
  });

  it('hookd clients lists each client with its files and what it makes of each', async () => {
    const result = await runHookd(['clients', '--json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = (
      JSON.parse(result.stdout) as {
        clients: {
          client: string;
          installed: boolean;
          files: { file: string; state: string; reason: string | null }[];
        }[];
      }
    ).clients;
    expect(rows.slice(0, 7).map((row) => [row.client, row.installed])).toEqual([
      ['droid', true],
      ['claude', true],
      ['copilot', true],
      ['qwen', true],
      ['gemini', true],
      ['codex', true],
      ['cursor', true],
    ]);
    // The clients added since (Crush, Cline…) are listed, and not found in this home.
    expect(rows.slice(7).filter((row) => row.installed)).toEqual([]);
    const state = (file: string) =>
      rows.flatMap((row) => row.files).find((entry) => entry.file === path.join(home, file));
    expect(state('.factory/hooks.json')).toMatchObject({
      state: 'not read',
      reason: expect.stringMatching(/only as a bare event map/),
    });
    expect(state('.factory/settings.json')).toMatchObject({ state: 'valid' });
    expect(state('.copilot/hooks/good.json')).toMatchObject({ state: 'valid' });
    expect(state('.copilot/hooks/broken.json')).toMatchObject({
      state: 'invalid',
      // The file is named once, by its row; the reason says where in it (issue 42 item 5).
      reason: expect.stringMatching(/^not valid JSON: line 1/),
    });
    expect(state('.copilot/hooks/hookd.json')).toMatchObject({ state: 'absent' });
  });

  it('hookd validate names each bad input in one clear line and refuses nothing valid', async () => {
    const result = await runHookd(['validate'], { env });
    const all = `${result.stdout}\n${result.stderr}`;
    // The broken Copilot file fails validation; every other file is read.
    expect(result.exitCode).toBe(1);
    expect(all).toContain(`${path.join(home, '.copilot/hooks/broken.json')}: not valid JSON: line 1`);
    expect(all).toMatch(
      new RegExp(
        `${path.join(home, '.factory/hooks.json').replace(/\./g, '\\.')}: not read \\(Droid reads this file only as a bare event map`,
      ),
    );
    expect(all).toContain(
      `${path.join(home, '.copilot/hooks/windows.json')}: hooks.preToolUse[0]: has only "powershell", a command for Windows`,
    );
    expect(all).toContain(
      `${path.join(home, '.qwen/settings.json')}: hooks.Stop[0].hooks[0].timeout: Qwen Code reads a timeout of 1000 or more as milliseconds: 5000 is 5 s`,
    );
    expect(all).toContain(`${path.join(home, '.codex/config.toml')} (Codex CLI): valid, 1 hook(s)`);
    expect(all).toContain(
      `note: ${path.join(home, '.cursor/hooks.json')}: hooks.stop[0].command: ".cursor/hooks/audit.mjs" is a relative path and Cursor sends no cwd`,
    );
    expect(all).toContain(
      `${path.join(home, '.cursor/hooks.json')}: hooks.stop[1]: ${path.join(home, '.claude/settings.json')} has the same bridge entry, and Cursor also runs Claude Code's files`,
    );
    for (const file of [
      '.factory/settings.json',
      '.claude/settings.json',
      '.copilot/hooks/good.json',
      '.gemini/settings.json',
      '.codex/hooks.json',
      '.cursor/hooks.json',
    ]) {
      expect(all, file).not.toMatch(
        new RegExp(`hookd: ${path.join(home, file).replace(/\./g, '\\.')}: (?!.*(warning|note))`),
      );
    }
  });

  it("hookd run feeds Copilot CLI its own camelCase agentStop payload, and Droid's hook the payload's fields as variables", async () => {
    const copilot = await runHookd(['run', 'agentStop', '--client', 'copilot'], { env });
    // The good file's hook runs; the broken file is named (and makes the exit code 1).
    expect(copilot.stdout).toMatch(/ok .*hooks\.agentStop\[0\]/);
    expect(copilot.stderr).toContain('broken.json: not valid JSON');
    expect(readFileSync(path.join(out, 'copilot-agentStop'))).toEqual(
      readFileSync(path.join(ROOT, 'samples', 'copilot', 'agentStop.json')),
    );
    const droid = await runHookd(['run', 'Stop', '--client', 'droid'], { env });
    expect(droid.exitCode, droid.stderr + droid.stdout).toBe(0);
    const sample = JSON.parse(readFileSync(path.join(ROOT, 'samples', 'droid', 'Stop.json'), 'utf8')) as {
      session_id: string;
    };
    expect(readFileSync(path.join(out, 'droid-stop'), 'utf8')).toBe(`${sample.session_id} false\n`);
  });
});
