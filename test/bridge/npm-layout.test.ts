// bin/hookd finds its dist/ through the symlink a global install puts on PATH: npm's layout
// (PREFIX/bin/hookd -> ../lib/node_modules/@hookd-dev/hookd/bin/hookd) with builtins only, since the
// bridge would pay readlink's exec on every event; any other link by following it. A package of
// that name beside a link that does not lead to it is not taken for this one.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { stopPayload } from '../helpers/daemon-process.js';

afterEach(() => cleanupTempDirs());

// A prefix as `npm link` leaves it: the package a link to the clone, the command a relative link into it.
function npmPrefix(): string {
  const prefix = tempDir();
  mkdirSync(path.join(prefix, 'bin'));
  mkdirSync(path.join(prefix, 'lib', 'node_modules', '@hookd-dev'), { recursive: true });
  symlinkSync(ROOT, path.join(prefix, 'lib', 'node_modules', '@hookd-dev', 'hookd'));
  symlinkSync('../lib/node_modules/@hookd-dev/hookd/bin/hookd', path.join(prefix, 'bin', 'hookd'));
  return prefix;
}

// An emit as the client runs it, `hookd` found on PATH; the record it stored, if any.
async function emitThrough(bin: string): Promise<{ stderr: string; stored: string[] }> {
  const state = tempDir();
  const result = await execa('sh', ['-c', "hookd emit -- 'true'"], {
    env: { PATH: `${bin}:${process.env.PATH}`, HOOKD_STATE_DIR: state },
    input: stopPayload(),
    reject: false,
  });
  expect(result.exitCode).toBe(0);
  return { stderr: result.stderr, stored: readdirSync(path.join(state, 'inbox', 'new')) };
}

describe('bin/hookd behind a symlink', () => {
  it("through npm's layout: the bridge stores the event and the other commands reach Node", async () => {
    const prefix = npmPrefix();
    expect(await emitThrough(path.join(prefix, 'bin'))).toEqual({ stderr: '', stored: [expect.any(String)] });
    const version = await execa(path.join(prefix, 'bin', 'hookd'), ['--version']);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('through a link of its own, followed', async () => {
    const bin = tempDir();
    symlinkSync(HOOKD, path.join(bin, 'hookd'));
    expect(await emitThrough(bin)).toEqual({ stderr: '', stored: [expect.any(String)] });
  });

  it('not through another package of the name beside a link that leads elsewhere', async () => {
    const prefix = tempDir();
    const decoy = path.join(prefix, 'lib', 'node_modules', '@hookd-dev', 'hookd');
    mkdirSync(path.join(decoy, 'bin'), { recursive: true });
    mkdirSync(path.join(decoy, 'dist'));
    writeFileSync(path.join(decoy, 'bin', 'hookd'), '#!/bin/sh\necho decoy\n', { mode: 0o755 });
    writeFileSync(path.join(decoy, 'dist', 'bin.js'), "console.log('decoy');\n");
    mkdirSync(path.join(prefix, 'bin'));
    symlinkSync(HOOKD, path.join(prefix, 'bin', 'hookd'));
    const version = await execa(path.join(prefix, 'bin', 'hookd'), ['--version']);
    expect(version.stdout).not.toContain('decoy');
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});
