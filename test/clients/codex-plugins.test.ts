// Codex reads hooks from its installed plugins too: ~/.codex/plugins/cache/<marketplace>/
// <plugin>/<version>/ (the active version only), with its manifest in .codex-plugin/plugin.json
// naming the hook files under `hooks`, or else hooks/hooks.json (DEFAULT_HOOKS_CONFIG_FILE in
// codex-rs core-plugins' loader.rs), in Claude Code's shape. hookd lists those files under Codex,
// validate and run read them, install never edits them. Plugin folders laid out as Codex lays
// them out; the built hookd.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

describe("Codex's plugin hooks", () => {
  let home: string;
  let out: string;
  let env: Record<string, string>;
  let hooksFile: string;
  let hooksText: string;
  beforeEach(() => {
    home = tempDir();
    out = tempDir();
    env = { HOME: home, HOOKD_STATE_DIR: path.join(tempDir(), 'state'), NO_COLOR: '1' };
    const root = path.join(home, '.codex', 'plugins', 'cache', 'openai-curated', 'stop-gate', '1.0.0');
    mkdirSync(path.join(root, '.codex-plugin'), { recursive: true });
    mkdirSync(path.join(root, 'hooks'));
    writeFileSync(
      path.join(root, '.codex-plugin', 'plugin.json'),
      JSON.stringify({ name: 'stop-gate', version: '1.0.0', description: 'a gate' }, null, 2),
    );
    hooksFile = path.join(root, 'hooks', 'hooks.json');
    hooksText = `{\n  "hooks": {\n    "Stop": [\n      { "hooks": [ { "type": "command", "command": "cat > ${out}/stop", "timeout": 30 } ] }\n    ],\n    "SessionEnd": [\n      { "hooks": [ { "type": "command", "command": "true" } ] }\n    ]\n  }\n}\n`;
    writeFileSync(hooksFile, hooksText);
    // An older version left in the cache: Codex loads only the last one.
    const old = path.join(home, '.codex', 'plugins', 'cache', 'openai-curated', 'stop-gate', '0.9.0');
    mkdirSync(path.join(old, 'hooks'), { recursive: true });
    writeFileSync(path.join(old, 'hooks', 'hooks.json'), hooksText);
    // A plugin whose manifest names its hook file: that one is read, its hooks/hooks.json is not.
    const named = path.join(home, '.codex', 'plugins', 'cache', 'team', 'guard', 'local');
    mkdirSync(path.join(named, '.codex-plugin'), { recursive: true });
    mkdirSync(path.join(named, 'hooks'));
    writeFileSync(
      path.join(named, '.codex-plugin', 'plugin.json'),
      JSON.stringify({ name: 'guard', hooks: './hooks/guard.json' }),
    );
    writeFileSync(
      path.join(named, 'hooks', 'guard.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'true' }] }] } }),
    );
    writeFileSync(path.join(named, 'hooks', 'hooks.json'), hooksText);
  });

  it('hookd clients lists the plugin file under Codex, as a plugin, with its hooks', async () => {
    const result = await runHookd(['clients', '--json'], { env });
    expect(result.exitCode, result.stderr).toBe(0);
    const codex = (
      JSON.parse(result.stdout) as {
        clients: { client: string; files: { file: string; scope: string; state: string; hooks: number }[] }[];
      }
    ).clients.find((row) => row.client === 'codex')!;
    const plugins = codex.files.filter((file) => file.scope === 'plugin');
    expect(plugins.map((file) => path.relative(home, file.file)).sort()).toEqual([
      '.codex/plugins/cache/openai-curated/stop-gate/1.0.0/hooks/hooks.json',
      '.codex/plugins/cache/team/guard/local/hooks/guard.json',
    ]);
    expect(codex.files.find((file) => file.file === hooksFile)).toMatchObject({
      scope: 'plugin',
      state: 'valid',
      hooks: 2,
    });
    expect(plugins.find((file) => file.file.endsWith('guard.json'))).toMatchObject({ state: 'valid', hooks: 1 });
  });

  it("validate reads it and hookd run --client codex runs its Stop hook with Codex's own payload", async () => {
    const validate = await runHookd(['validate', '--client', 'codex'], { env });
    expect(validate.exitCode, validate.stderr).toBe(0);
    expect(validate.stdout).toContain(`${hooksFile} (Codex CLI): valid, 2 hook(s)`);
    const run = await runHookd(['run', 'Stop', '--client', 'codex'], { env });
    expect(run.exitCode, run.stderr + run.stdout).toBe(0);
    expect(readFileSync(path.join(out, 'stop'))).toEqual(
      readFileSync(path.join(ROOT, 'samples', 'codex', 'Stop.json')),
    );
  });

  it("install and uninstall never touch a plugin's file", async () => {
    const install = await runHookd(['install', '--client', 'codex', '--add', 'notify'], {
      env: { ...env, XDG_DATA_HOME: path.join(home, '.local', 'share') },
    });
    expect(install.exitCode, install.stderr + install.stdout).toBe(0);
    // Named as left alone, with why and its hooks (issue 30), never edited.
    expect(install.stdout).toContain(
      `${hooksFile} (Codex CLI plugin): not wrapped, 2 hook(s): a plugin's hook file: install does not edit it`,
    );
    expect(install.stdout).not.toContain(`${hooksFile} (Codex CLI):`);
    expect(readFileSync(hooksFile, 'utf8')).toBe(hooksText);
    const uninstall = await runHookd(['uninstall'], { env });
    expect(uninstall.exitCode, uninstall.stderr).toBe(0);
    expect(readFileSync(hooksFile, 'utf8')).toBe(hooksText);
  });
});
