// hookd install / uninstall for the clients with no command hooks of their own (OpenCode, pi; issue
// 32), as a process: install wraps the hooks of hookd's file for each (~/.config/hookd/<client>.json)
// and writes the client's shim beside the client (a plugin, an extension) reading that file;
// uninstall gives the hook file back byte for byte and removes the shim, and every other file of
// those folders is left as it was. A file of the shim's name that is not hookd's is never touched.
// `hookd clients` and `hookd validate` show the clients and their file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { toolbox } from '../helpers/toolbox.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { SHIM_MARK } from '../../src/install/shim-files.js';
import { ROOT } from '../helpers/paths.js';

afterEach(cleanupTempDirs);

// Written by hand, as a user would: odd spacing and key order kept byte for byte by uninstall.
const HOOKS = `{
  "hooks": {
    "PreToolUse": [ { "matcher": "bash", "hooks": [ { "type": "command", "command": "~/bin/guard.sh", "timeout": 10 } ] } ],
    "Stop":       [ { "hooks": [ { "command": "notify-send done", "type": "command" } ] } ]
  }
}
`;

function machine() {
  const home = tempDir('hookd-shim-home-');
  mkdirSync(path.join(home, '.config', 'opencode', 'plugin'), { recursive: true });
  mkdirSync(path.join(home, '.pi', 'agent', 'extensions'), { recursive: true });
  mkdirSync(path.join(home, '.config', 'hookd'), { recursive: true });
  const files = {
    opencodeHooks: path.join(home, '.config', 'hookd', 'opencode.json'),
    piHooks: path.join(home, '.config', 'hookd', 'pi.json'),
    opencodeShim: path.join(home, '.config', 'opencode', 'plugin', 'hookd.js'),
    piShim: path.join(home, '.pi', 'agent', 'extensions', 'hookd.js'),
    otherPlugin: path.join(home, '.config', 'opencode', 'plugin', 'mine.ts'),
    opencodeConfig: path.join(home, '.config', 'opencode', 'opencode.json'),
  };
  writeFileSync(files.opencodeHooks, HOOKS);
  writeFileSync(files.piHooks, HOOKS);
  writeFileSync(files.otherPlugin, 'export const Mine = async () => ({})\n');
  writeFileSync(files.opencodeConfig, '{ "model": "x/y" }\n');
  const env = { HOME: home, PATH: toolbox([]), HOOKD_STATE_DIR: path.join(home, 'state') };
  return { home, files, env };
}

describe('hookd install and uninstall for OpenCode and pi', () => {
  it("install wraps each client's hook file and writes its shim; uninstall gives every file back as it was", async () => {
    const { files, env } = machine();
    const installed = await runHookdWithEnv(['install'], env);
    expect(installed).toMatchObject({ exitCode: 0, stderr: '' });
    for (const [file, shim, hooks] of [
      [files.opencodeHooks, files.opencodeShim, 'opencode'],
      [files.piHooks, files.piShim, 'pi'],
    ] as const) {
      const wrapped = readFileSync(file, 'utf8');
      expect(wrapped).toContain(
        `exec hookd sync --client ${hooks} --event PreToolUse --timeout 10 -- '~/bin/guard.sh'; ~/bin/guard.sh`,
      );
      // Neither client waits on (or reads the answer of) a Stop hook: it goes behind hookd emit.
      expect(wrapped).toContain(`exec hookd emit -- 'notify-send done'; notify-send done`);
      const text = readFileSync(shim, 'utf8');
      expect(text.startsWith(`${SHIM_MARK}\nconst HOOKS_FILE = ${JSON.stringify(file)};`)).toBe(true);
      expect(installed.stdout).toContain(`${shim} (`);
    }
    // The user's own plugin beside the shim is named, as left alone (issue 42 item 5).
    expect(installed.stdout).toContain(
      `${files.otherPlugin}: another OpenCode plugin, left alone: what it does runs inside OpenCode, not through hookd`,
    );
    const again = await runHookdWithEnv(['install'], env);
    expect(again.stdout).toMatch(/plugin\/hookd\.js \(OpenCode's plugin\): up to date/);
    expect(again.stdout).toMatch(/extensions\/hookd\.js \(pi's extension\): up to date/);

    const removed = await runHookdWithEnv(['uninstall'], env);
    expect(removed).toMatchObject({ exitCode: 0, stderr: '' });
    expect(readFileSync(files.opencodeHooks, 'utf8')).toBe(HOOKS);
    expect(readFileSync(files.piHooks, 'utf8')).toBe(HOOKS);
    expect(existsSync(files.opencodeShim)).toBe(false);
    expect(existsSync(files.piShim)).toBe(false);
    expect(readFileSync(files.otherPlugin, 'utf8')).toBe('export const Mine = async () => ({})\n');
    expect(readFileSync(files.opencodeConfig, 'utf8')).toBe('{ "model": "x/y" }\n');
  });

  it("a file of the shim's name that is not hookd's is left alone by install and uninstall, and install says so", async () => {
    const { files, env } = machine();
    writeFileSync(files.piShim, '// my own extension\nexport default function () {}\n');
    const installed = await runHookdWithEnv(['install', '--client', 'pi'], env);
    expect(installed.exitCode).toBe(0);
    expect(installed.stdout).toContain(
      `${files.piShim} (pi's extension): left alone: a file of that name is not hookd's`,
    );
    expect(existsSync(files.opencodeShim), 'install --client pi writes no OpenCode plugin').toBe(false);
    await runHookdWithEnv(['uninstall'], env);
    expect(readFileSync(files.piShim, 'utf8')).toBe('// my own extension\nexport default function () {}\n');
    expect(readFileSync(files.piHooks, 'utf8')).toBe(HOOKS);
  });

  it('--dry-run writes no shim', async () => {
    const { files, env } = machine();
    const dry = await runHookdWithEnv(['install', '--dry-run'], env);
    expect(dry.stdout).toContain(
      `${files.opencodeShim} (OpenCode's plugin): would be written (dry run: nothing written)`,
    );
    expect(existsSync(files.opencodeShim)).toBe(false);
    expect(existsSync(files.piShim)).toBe(false);
  });

  it("hookd clients lists OpenCode and pi where their folders are, with hookd's file; validate locates an error in it", async () => {
    const { files, env } = machine();
    const listed = await runHookdWithEnv(['clients'], env);
    expect(listed.stdout).toMatch(
      /OpenCode \(opencode\): found\n {2}.*\.config\/hookd\/opencode\.json: valid, 2 hook\(s\)/,
    );
    expect(listed.stdout).toMatch(/pi \(pi\): found\n {2}.*\.config\/hookd\/pi\.json: valid, 2 hook\(s\)/);
    writeFileSync(
      files.piHooks,
      '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": "ten"}]}]}}',
    );
    const checked = await runHookdWithEnv(['validate', '--client', 'pi'], env);
    expect(checked.exitCode).toBe(1);
    expect(checked.stdout + checked.stderr).toContain('hooks.Stop[0].hooks[0].timeout');
    const bare = tempDir('hookd-shim-bare-');
    const none = await runHookdWithEnv(['clients'], { ...env, HOME: bare });
    expect(none.stdout).toMatch(/OpenCode \(opencode\): not found/);
  });

  it('hookd run --client pi|opencode feeds the payloads the shim sent with the real clients (samples/)', async () => {
    const { home, files, env } = machine();
    for (const [client, file] of [
      ['pi', files.piHooks],
      ['opencode', files.opencodeHooks],
    ] as const) {
      const seen = path.join(home, `${client}-seen.json`);
      writeFileSync(
        file,
        JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `cat > ${seen}` }] }] } }),
      );
      const ran = await runHookdWithEnv(['run', '--client', client, 'Stop'], { ...env, PATH: toolbox(['sh', 'cat']) });
      expect(ran.exitCode, ran.stdout + ran.stderr).toBe(0);
      expect(readFileSync(seen)).toEqual(readFileSync(path.join(ROOT, 'samples', client, 'Stop.json')));
    }
  });

  // Issue 42 item 5: uninstall removed the files install had created in ~/.config/hookd/ and left the folder.
  it("uninstall leaves no empty ~/.config/hookd/ where install created hookd's files", async () => {
    const home = tempDir('hookd-shim-fresh-');
    mkdirSync(path.join(home, '.config', 'opencode'), { recursive: true });
    mkdirSync(path.join(home, '.pi', 'agent'), { recursive: true });
    const env = { HOME: home, PATH: toolbox([]), HOOKD_STATE_DIR: path.join(home, 'state') };
    expect((await runHookdWithEnv(['install', '--add', 'log'], env)).exitCode).toBe(0);
    expect(existsSync(path.join(home, '.config', 'hookd', 'opencode.json'))).toBe(true);
    const removed = await runHookdWithEnv(['uninstall'], env);
    expect(removed).toMatchObject({ exitCode: 0, stderr: '' });
    expect(removed.stdout).toContain(`${path.join(home, '.config', 'hookd')}: removed (hookd's own folder, empty now)`);
    expect(existsSync(path.join(home, '.config', 'hookd'))).toBe(false);
  });
});
