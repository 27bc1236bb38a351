// Reproduction of issue 21 item 8 (umask): under `umask 000`, `hookd install --add` made the
// examples folder 0777, so another user could replace a script the user's hooks run. Now the
// folders and scripts are closed to others whatever the umask; the second user (created by the
// test; needs root, as CI) cannot write there.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { HOOKD } from '../helpers/paths.js';
import { runHookd } from '../helpers/run-hookd.js';
import { asOtherUser, isRoot, otherUser } from '../helpers/second-user.js';

afterEach(cleanupTempDirs);

describe('install --add under umask 000 (issue 21 item 8)', () => {
  it.runIf(isRoot)(
    'the examples folder and its scripts are not writable by others; the other user cannot plant a script',
    async () => {
      await otherUser();
      const home = tempDir('hookd-home-');
      // A home others may enter, as homes usually are: only the folders' own modes protect them.
      chmodSync(home, 0o755);
      const settings = path.join(home, 'settings.json');
      writeFileSync(settings, '{}\n');
      const env = {
        HOME: home,
        XDG_DATA_HOME: path.join(home, 'share'),
        HOOKD_STATE_DIR: path.join(home, 'state'),
        PATH: process.env.PATH!,
      };
      const result = await execa('sh', ['-c', `umask 000; exec ${HOOKD} install --add notify --settings ${settings}`], {
        env,
        extendEnv: false,
        reject: false,
      });
      expect(result.exitCode, result.stderr).toBe(0);
      const dir = path.join(home, 'share', 'hookd', 'examples');
      for (const made of [path.join(home, 'share', 'hookd'), dir, path.join(dir, 'notify.sh')])
        expect(statSync(made).mode & 0o022, made).toBe(0);
      const planted = await asOtherUser([
        'sh',
        '-c',
        `rm -f ${dir}/notify.sh && echo 'id > /tmp/pwned' > ${dir}/notify.sh`,
      ]);
      expect(planted.exitCode).not.toBe(0);
    },
  );
});

// Issue 41, item 2: `hookd install` under umask 000 left ~/.copilot/hooks, ~/.config/hookd,
// ~/.config/opencode/plugin and ~/.pi/agent/extensions (and the files in them) open to every user,
// who could then plant a hook file, a plugin or an extension the client loads; validate called such
// a planted file valid. Every folder and file install makes has its mode whatever the umask, and
// validate and doctor name a hook file, or a folder above one, another user can write.
describe('install under umask 000 (issue 41, item 2)', () => {
  /** A home holding Copilot CLI, OpenCode and pi, a manifest with one guard, and the environment install runs with. */
  function home() {
    const dir = tempDir('hookd-home-');
    chmodSync(dir, 0o755);
    for (const folder of ['.copilot', '.config/opencode', '.pi/agent'])
      mkdirSync(path.join(dir, folder), { recursive: true, mode: 0o755 });
    const guard = path.join(dir, 'guard.sh');
    writeFileSync(guard, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const manifest = path.join(dir, 'hooks.yaml');
    writeFileSync(
      manifest,
      'spec: hooks/0.1\nhooks:\n  - {name: g, event: before_tool_execute, matcher: shell, blocking: true, handler: {type: command, command: ./guard.sh}}\n',
    );
    const env = {
      HOME: dir,
      HOOKD_STATE_DIR: path.join(dir, 'state'),
      PATH: process.env.PATH!,
      XDG_CONFIG_HOME: path.join(dir, '.config'),
    };
    return { dir, manifest, env };
  }

  it('makes every folder and file install writes closed to other users', async () => {
    const { dir, manifest, env } = home();
    const result = await execa(
      'sh',
      ['-c', `umask 000; exec ${HOOKD} install --hooks ${manifest} --client copilot,opencode,pi`],
      { env, extendEnv: false, reject: false },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const made = [
      '.copilot/hooks',
      '.copilot/hooks/hookd.json',
      '.config/hookd',
      '.config/hookd/opencode.json',
      '.config/hookd/pi.json',
      '.config/opencode/plugin',
      '.config/opencode/plugin/hookd.js',
      '.pi/agent/extensions',
      '.pi/agent/extensions/hookd.js',
    ].map((one) => path.join(dir, one));
    const open = made
      .filter((one) => (statSync(one).mode & 0o022) !== 0)
      .map((one) => `${one} ${(statSync(one).mode & 0o777).toString(8)}`);
    expect(open).toEqual([]);
    if (isRoot) {
      await otherUser();
      const planted = await asOtherUser([
        'sh',
        '-c',
        `echo '{}' > ${path.join(dir, '.copilot', 'hooks', 'planted.json')}`,
      ]);
      expect(planted.exitCode).not.toBe(0);
    }
    const validate = await runHookd(['validate'], { env });
    expect(validate.stderr).not.toMatch(/another user can change/);
  });

  it('validate and doctor name a hook file or a folder above one that another user can write', async () => {
    const { dir, manifest, env } = home();
    expect(
      (await runHookd(['install', '--hooks', manifest, '--client', 'copilot,opencode,pi'], { env })).exitCode,
    ).toBe(0);
    // What an older install under umask 000 left, and a file planted there.
    const hooks = path.join(dir, '.copilot', 'hooks');
    chmodSync(hooks, 0o777);
    const plugin = path.join(dir, '.config', 'opencode', 'plugin', 'hookd.js');
    chmodSync(plugin, 0o666);
    writeFileSync(path.join(hooks, 'planted.json'), '{"version": 1, "hooks": {}}\n');
    // A folder a client loads every file of, open to others even with no file of ours in it.
    const extensions = path.join(dir, '.pi', 'agent', 'extensions');
    chmodSync(extensions, 0o777);
    const validate = await runHookd(['validate'], { env });
    expect(validate.stderr).toContain(
      `its folder above a hook file ${hooks}: another user can change it: every user can write it (mode 0777)`,
    );
    expect(validate.stderr).toContain(
      `${plugin} (hook file): another user can change it: every user can write it (mode 0666)`,
    );
    expect(validate.stderr).toContain(`its folder above a hook file ${extensions}: another user can change it`);
    const doctor = await runHookd(['doctor', '--timeout', '1'], { env });
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toMatch(/✗ hook files only you can change: .*\.json: its folder above a hook file/);
    expect(doctor.stdout).toContain(`its folder above a hook file ${hooks}: another user can change it`);
    expect(doctor.stdout).toContain(`chmod go-w ${hooks}`);
  }, 60_000);
});
