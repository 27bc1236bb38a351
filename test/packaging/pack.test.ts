// Issue 23, item 1: the package builds itself. A fresh clone (no dist/), its dependencies installed
// without running any script, is packed with `npm pack`: the package's prepare script builds dist/.
// The tarball is installed globally into a temp prefix, and the installed `hookd` answers
// --version and stores an event through `hookd emit` as the agent's client runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freshCopy } from '../helpers/fresh-copy.js';
import { npmEnv } from '../helpers/npm-env.js';
import { ROOT } from '../helpers/paths.js';
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
