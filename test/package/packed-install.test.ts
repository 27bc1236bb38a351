// The package as a user gets it: `npm pack`, `npm install -g` into a temp prefix, and the
// installed `hookd` run from there on a home with a Droid settings file. Every import at run time
// must be a runtime dependency, and every file a command reads must ship in the package.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

let prefix: string;
let hookd: string;

beforeAll(async () => {
  const packDir = tempDir();
  // The working tree's own dist/, as built: its prepare script would rebuild it under the other tests
  // (test/packaging/pack.test.ts packs a fresh clone that builds itself).
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--pack-destination', packDir, '--silent'], {
    cwd: ROOT,
  });
  const tarball = path.join(packDir, packed.stdout.trim().split('\n').at(-1)!);
  prefix = tempDir();
  await execa('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', tarball]);
  hookd = path.join(prefix, 'bin', 'hookd');
}, 240_000);
afterAll(cleanupTempDirs);

describe('the packed package, installed with npm install -g', () => {
  it('runs validate, install, service install --dry-run and doctor from the install prefix', async () => {
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
