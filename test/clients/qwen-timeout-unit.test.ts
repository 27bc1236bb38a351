// Qwen Code reads a command hook's `timeout` of 1000 or more as milliseconds in its 0.x line and
// as seconds from 1.x (issue 32): hookd follows the `qwen` on the PATH it runs with. 0.24.4 is the
// real package of test/clients (the newest the registry serves here); the 1.x one is a package of
// that name and version only, as no 1.x is served here (docs/clients.md).
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { installedQwenVersion, qwenMillisecondsFrom } from '../../src/clients/qwen/version.js';

afterEach(cleanupTempDirs);

const REAL_BIN = path.join(ROOT, 'test', 'clients', 'node_modules', '.bin');

function qwenOfVersion(version: string): string {
  const dir = tempDir();
  const pkg = path.join(dir, 'node_modules', '@qwen-code', 'qwen-code');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: '@qwen-code/qwen-code', version }));
  writeFileSync(path.join(pkg, 'cli.js'), '#!/bin/sh\n');
  chmodSync(path.join(pkg, 'cli.js'), 0o755);
  mkdirSync(path.join(dir, 'bin'));
  symlinkSync(path.join(pkg, 'cli.js'), path.join(dir, 'bin', 'qwen'));
  return path.join(dir, 'bin');
}

describe("Qwen Code's timeout unit, by the installed version", () => {
  it('reads the version of the qwen on PATH: 0.24.4 (the real package) reads 1000 or more as ms, 1.x never', () => {
    expect(installedQwenVersion(REAL_BIN)).toBe('0.24.4');
    expect(qwenMillisecondsFrom('0.24.4')).toBe(1000);
    expect(installedQwenVersion(qwenOfVersion('1.2.0'))).toBe('1.2.0');
    expect(qwenMillisecondsFrom('1.2.0')).toBeUndefined();
    // Not found: the 0.x reading hookd always had.
    expect(qwenMillisecondsFrom(installedQwenVersion(tempDir()))).toBe(1000);
  });

  it('hookd validate warns of a 5000 read as 5 s under 0.24.4, and not under 1.x', async () => {
    const file = path.join(tempDir(), '.qwen', 'settings.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true', timeout: 5000 }] }] } }),
    );
    const validate = (bin: string) =>
      runHookd(['validate', '--settings', file], { env: { PATH: `${bin}:${process.env.PATH}` } });
    const old = await validate(REAL_BIN);
    expect(old.stdout + old.stderr).toMatch(/reads a timeout of 1000 or more as milliseconds: 5000 is 5 s/);
    const current = await validate(qwenOfVersion('1.0.3'));
    expect(current.exitCode, current.stderr).toBe(0);
    expect(current.stdout + current.stderr).not.toMatch(/milliseconds/);
  });
});
