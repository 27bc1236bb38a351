// Issue 23, item 1: the package builds itself. A fresh clone (no dist/), its dependencies installed
// without running any script, is packed with `npm pack`: the package's prepare script builds dist/.
// The tarball is installed globally into a temp prefix, and the installed `hookd` answers
// --version and stores an event through `hookd emit` as the agent's client runs it; then it runs
// validate, install, the service and doctor on a home with a Droid settings file: every import at
// run time must be a runtime dependency, and every file a command reads must ship in the package.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freshCopy } from '../helpers/fresh-copy.js';
import { npmEnv } from '../helpers/npm-env.js';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

const { name, version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
let clone: string;
let tarball: string;
let prefix: string;
let builtBeforePack: boolean;

beforeAll(async () => {
  clone = freshCopy();
  const env = npmEnv();
  await execa('npm', ['ci', '--ignore-scripts'], { cwd: clone, env, extendEnv: false });
  builtBeforePack = existsSync(path.join(clone, 'dist'));
  const packDir = tempDir('hookd-pack-');
  const packed = await execa('npm', ['pack', '--pack-destination', packDir], { cwd: clone, env, extendEnv: false });
  tarball = path.join(packDir, packed.stdout.trim().split('\n').at(-1)!);
  prefix = tempDir('hookd-prefix-');
  await execa('npm', ['install', '-g', '--prefix', prefix, tarball], { env, extendEnv: false });
}, 300_000);
afterAll(cleanupTempDirs);

describe('npm pack of a fresh clone, installed with npm install -g', () => {
  it('builds dist/ while packing, under the scoped name, with the license', async () => {
    expect(builtBeforePack).toBe(false);
    expect(name).toMatch(/^@[a-z0-9-]+\/hookd$/);
    const listing = (await execa('tar', ['-tzf', tarball])).stdout.split('\n');
    expect(listing).toEqual(
      expect.arrayContaining(['package/dist/bin.js', 'package/bin/hookd', 'package/LICENSE', 'package/package.json']),
    );
    expect(readFileSync(path.join(prefix, 'lib', 'node_modules', name, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('runs hookd --version and hookd emit from the install prefix', async () => {
    const hookd = path.join(prefix, 'bin', 'hookd');
    const env = { HOME: tempDir('hookd-home-'), PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}` };
    const shown = await execa(hookd, ['--version'], { env, extendEnv: false });
    expect(shown.stdout.trim()).toBe(version);

    const state = path.join(tempDir(), 'state');
    const payload = JSON.stringify({ session_id: 's1', hook_event_name: 'Stop' });
    const emitted = await execa('sh', ['-c', "hookd emit -- 'echo done'"], {
      env: { ...env, HOOKD_STATE_DIR: state },
      extendEnv: false,
      input: payload,
    });
    expect(emitted).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
    const committed = readdirSync(path.join(state, 'inbox', 'new'));
    expect(committed).toHaveLength(1);
    const record = readFileSync(path.join(state, 'inbox', 'tmp', committed[0]!));
    expect(record.includes(Buffer.from('echo done'))).toBe(true);
    expect(record.subarray(record.length - payload.length).toString()).toBe(payload);
  });

  it('carries no native bridge built elsewhere, compiles it at install, and answers hookd sync through it', async () => {
    const listing = (await execa('tar', ['-tzf', tarball])).stdout.split('\n');
    expect(listing).toContain('package/native/hookd-bridge.c');
    expect(listing).not.toContain('package/dist/hookd-bridge');
    expect(existsSync(path.join(prefix, 'lib', 'node_modules', name, 'dist', 'hookd-bridge'))).toBe(true);
    const env = {
      HOME: tempDir('hookd-home-'),
      PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}`,
      HOOKD_STATE_DIR: path.join(tempDir(), 'state'),
    };
    const answered = await execa('sh', ['-c', `hookd sync -- 'echo "no" >&2; exit 2'`], {
      env,
      extendEnv: false,
      input: '{"hook_event_name":"Stop"}',
      reject: false,
    });
    expect(answered).toMatchObject({ exitCode: 2, stderr: 'no' });
  });
});

describe('the packed package, installed with npm install -g, on a home with a Droid settings file', () => {
  it('runs validate, install, service install --dry-run and doctor from the install prefix', async () => {
    const hookd = path.join(prefix, 'bin', 'hookd');
    const home = tempDir();
    mkdirSync(path.join(home, '.factory'));
    const settings = path.join(home, '.factory', 'settings.json');
    copyFileSync(path.join(FIXTURES, 'settings', 'droid-settings.json'), settings);
    const before = readFileSync(settings);
    const env = {
      HOME: home,
      PATH: `${path.join(prefix, 'bin')}:${process.env.PATH}`,
      XDG_STATE_HOME: path.join(home, 'state'),
    };
    const run = (args: string[]) => execa(hookd, args, { env, reject: false, timeout: 60_000 });

    const validate = await run(['validate']);
    expect(validate.stderr).not.toMatch(/Cannot find|ERR_MODULE/);
    expect(validate).toMatchObject({ exitCode: 0 });
    expect(validate.stdout).toContain(`${settings} (Droid): valid`);

    const install = await run(['install', '--add', 'notify']);
    expect(install.stderr).toBe('');
    expect(install.exitCode).toBe(0);
    expect(readFileSync(settings, 'utf8')).toContain('hookd emit --');

    const service = await run(['service', 'install', '--dry-run']);
    expect(service.stderr).not.toMatch(/Cannot find|ERR_MODULE|unexpected error/);
    expect(service.exitCode).toBe(0);
    expect(service.stdout).toContain(path.join(prefix, 'lib', 'node_modules', '@hookd-dev', 'hookd', 'dist', 'bin.js'));

    const doctor = await run(['doctor', '--timeout', '1']);
    expect(doctor.stderr).not.toMatch(/Cannot find|ERR_MODULE|unexpected error/);
    expect(doctor.stdout).toContain('✓ settings: ');
    expect(doctor.stdout).toContain(`✓ hookd on PATH: ${hookd}`);
    expect(doctor.stdout).toContain('✗ daemon: no daemon answers');

    const sample = await run(['run', 'SessionEnd', '--client', 'claude', '--json']);
    expect(sample.stderr).not.toMatch(/Cannot find|ERR_MODULE|unexpected error/);

    const uninstall = await run(['uninstall']);
    expect(uninstall.exitCode).toBe(0);
    expect(readFileSync(settings)).toEqual(before);
  }, 120_000);
});
