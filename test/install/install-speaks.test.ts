// Issue 30, item 4: `hookd install` speaks of every hook it does not wrap. It used to be silent
// about a Claude Code plugin's hooks and Codex's config.toml [hooks] (which validate and clients
// list), and run inside a project it ignored that project's files. Now each such file is listed
// with why install leaves it and every hook in it that does not run through hookd; a project's
// files come with the flag that wraps them (--settings); --dry-run says the same. Real file shapes
// (1Password's project files, a plugin's hooks.json, Codex's config.toml) under a temp HOME, the built hookd.
import { afterEach, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { ROOT } from '../helpers/paths.js';

afterEach(cleanupTempDirs);

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'settings');

/** A HOME with Claude Code (its settings and one plugin), Codex (only config.toml hooks), Copilot CLI, and a project cloned under it. */
function machine() {
  const home = tempDir('hookd-speaks-');
  const put = (fixture: string, where: string) => {
    const file = path.join(home, where);
    mkdirSync(path.dirname(file), { recursive: true });
    copyFileSync(path.join(FIXTURES, fixture), file);
    return file;
  };
  const files = {
    settings: put('claude-settings.json', '.claude/settings.json'),
    plugin: put('claude-plugin-hooks.json', '.claude/plugins/cache/acme/formatter/1.2.0/hooks/hooks.json'),
    toml: put('codex-config-hooks.toml', '.codex/config.toml'),
    projectClaude: put('claude-project-1password.json', 'src/vault/.claude/settings.json'),
    projectCopilot: put('copilot-1password-hooks.json', 'src/vault/.github/hooks/hooks.json'),
  };
  mkdirSync(path.join(home, '.copilot'));
  const env = {
    HOME: home,
    HOOKD_STATE_DIR: path.join(home, 'state'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    HOOKD_SETTINGS: '',
  };
  const texts = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, readFileSync(file, 'utf8')]));
  return { home, project: path.join(home, 'src', 'vault'), files, texts, env };
}

// The lines install says of what it leaves alone, in order: from the first "not wrapped" header on.
function notWrapped(stdout: string): string[] {
  const lines = stdout.split('\n').filter(Boolean);
  return lines.slice(lines.findIndex((line) => line.includes(': not wrapped')));
}

describe('reproduction of issue 30: hookd install is silent about the hooks it does not wrap', () => {
  it("lists a plugin's hooks, Codex's config.toml hooks and the project's files with why, and the flag that wraps the project's; --dry-run says the same", async () => {
    const { project, files, texts, env } = machine();
    const dryRun = await runHookd(['install', '--dry-run'], { env, cwd: project });
    expect(dryRun.exitCode, dryRun.stderr + dryRun.stdout).toBe(0);
    const said = notWrapped(dryRun.stdout);
    expect(said[0]).toBe(
      `${files.plugin} (Claude Code plugin): not wrapped, 3 hook(s): a plugin's hook file: install does not edit it (Claude Code's plugin manager owns it and writes it again on each update); its hooks run as Claude Code runs them`,
    );
    expect(said).toContain('  hooks.PostToolUse[0].hooks[0] (PostToolUse): ${CLAUDE_PLUGIN_ROOT}/scripts/format.sh');
    expect(said.find((line) => line.startsWith(files.toml))).toContain(
      '(Codex CLI): not wrapped, 2 hook(s): install reads this file and never edits it',
    );
    expect(said).toContain("  hooks.Stop[0].hooks[0] (Stop): say 'Codex finished'");
    expect(said).toContain('  hooks.PreToolUse[0].hooks[0] (PreToolUse): python3 ~/.codex/hooks/guard.py');
    expect(said).toContain(
      `${files.projectClaude} (Claude Code, this project): not wrapped, 1 hook(s): this project's file: install edits your own files only; hookd install --settings '.claude/settings.json' wraps this one (see what it would change first with --dry-run)`,
    );
    expect(said.find((line) => line.startsWith(files.projectCopilot))).toContain(
      "(GitHub Copilot CLI, this project): not wrapped, 1 hook(s): this project's file: install edits your own files only; hookd install --settings '.github/hooks/hooks.json'",
    );
    expect(said).toContain('  hooks.PreToolUse[0] (PreToolUse): bin/run-hook.sh 1password-validate-mounted-env-files');
    // The user's own file still says what it leaves to the client (a prompt hook, an http hook to another server).
    expect(dryRun.stdout).toContain(
      'left alone: hooks.Stop[0].hooks[1] (prompt): a "prompt" hook, which Claude Code runs itself',
    );

    const install = await runHookd(['install'], { env, cwd: project });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    expect(notWrapped(install.stdout)).toEqual(said);
    // None of those files was touched; the user's own was wrapped.
    for (const name of ['plugin', 'toml', 'projectClaude', 'projectCopilot'] as const)
      expect(readFileSync(files[name], 'utf8')).toBe(texts[name]);
    expect(readFileSync(files.settings, 'utf8')).not.toBe(texts.settings);

    // The flag it offers takes the project's file.
    const offered = await runHookd(['install', '--settings', '.github/hooks/hooks.json'], { env, cwd: project });
    expect(offered.exitCode, offered.stderr + offered.stdout).toBe(0);
    expect(JSON.parse(readFileSync(files.projectCopilot, 'utf8')).hooks.PreToolUse[0].command).toContain(
      'exec hookd sync --client copilot --event PreToolUse --timeout 15 --',
    );
  }, 180_000);

  it('run outside a project, it offers no project files, and still names the plugin and config.toml', async () => {
    const { home, files, env } = machine();
    const install = await runHookd(['install', '--dry-run'], { env, cwd: home });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    expect(install.stdout).not.toContain('this project');
    expect(install.stdout).toContain(`${files.plugin} (Claude Code plugin): not wrapped`);
    expect(install.stdout).toContain(`${files.toml} (Codex CLI): not wrapped`);
  }, 120_000);
});
