// The native front door takes bin/hookd's place when the install script asks (`hookd-bridge
// place-front-door BIN`), with a copy that proved it runs here; from then on the client's
// `sh -c 'hookd …'` is one exec. Never from a run of the script: a client's sh about to read the
// script by name would read the program instead (exit 2, "Syntax error"), which a client takes for a
// block. Never in a git checkout, pnpm's store or a folder the user cannot write; whatever happens,
// every run stores its event and answers as before.
import { afterEach, describe, expect, it } from 'vitest';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { execa, type Options } from 'execa';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopPayload } from '../helpers/daemon-process.js';
import { isRoot, otherUser } from '../helpers/second-user.js';

afterEach(cleanupTempDirs);

const BRIDGE = path.join(ROOT, 'dist', 'hookd-bridge');

/** A package installed as npm and Bun lay it out (or inside pnpm's store), with node_modules/.bin/hookd a link to its script. */
function installed(where: 'npm' | 'pnpm' = 'npm') {
  const base = tempDir();
  chmodSync(base, 0o755); // another user may walk in
  const scope =
    where === 'npm' ? 'node_modules/@hookd-dev' : 'node_modules/.pnpm/@hookd-dev+hookd@0.1.0/node_modules/@hookd-dev';
  const root = path.join(base, scope, 'hookd');
  mkdirSync(path.join(root, 'bin'), { recursive: true });
  copyFileSync(HOOKD, path.join(root, 'bin', 'hookd'));
  cpSync(path.join(ROOT, 'dist'), path.join(root, 'dist'), { recursive: true, verbatimSymlinks: true });
  copyFileSync(path.join(ROOT, 'package.json'), path.join(root, 'package.json'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const bin = path.join(base, 'node_modules', '.bin');
  mkdirSync(bin);
  symlinkSync(path.relative(bin, path.join(root, 'bin', 'hookd')), path.join(bin, 'hookd'));
  return { root, bin, script: path.join(root, 'bin', 'hookd') };
}

const isScript = (file: string) => readFileSync(file).subarray(0, 2).toString() === '#!';
const leftovers = (root: string) => readdirSync(path.join(root, 'bin')).filter((name) => name !== 'hookd');

/** `hookd emit` as the client runs it, found on PATH in `bin`; the number of events stored. */
async function clientEmits(bin: string, times = 1, options: Options = {}) {
  const state = tempDir();
  if (options.uid !== undefined) chownSync(state, options.uid, options.gid!);
  const runs = await Promise.all(
    Array.from({ length: times }, () =>
      execa('sh', ['-c', "hookd emit -- 'notify-send done'"], {
        env: { PATH: `${bin}:${process.env.PATH}`, HOOKD_STATE_DIR: state },
        input: stopPayload(),
        ...options,
      }),
    ),
  );
  for (const run of runs)
    expect({ code: run.exitCode, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 0, stdout: '', stderr: '' });
  return readdirSync(path.join(state, 'inbox', 'new')).length;
}

/** What the install script asks of the native program; its exit code and stderr. */
const place = (script: string, options: Options = {}) =>
  execa(BRIDGE, ['place-front-door', script], { reject: false, ...options });

describe('put in place by the install script', () => {
  it('puts the native program in bin/hookd’s place; every run stores its event; sync then runs with no script', async () => {
    const { root, bin, script } = installed();
    expect(isScript(script)).toBe(true);
    expect(await clientEmits(bin)).toBe(1);
    expect((await place(script)).exitCode).toBe(0);
    expect(isScript(script)).toBe(false);
    expect(readFileSync(script)).toEqual(readFileSync(BRIDGE));
    expect(await clientEmits(bin)).toBe(1);
    const sync = await execa('sh', ['-c', "hookd sync -- 'readlink /proc/$PPID/exe; exit 2'"], {
      env: { PATH: `${bin}:${process.env.PATH}`, HOOKD_STATE_DIR: tempDir() },
      input: stopPayload(),
      reject: false,
    });
    expect({ code: sync.exitCode, parent: sync.stdout }).toEqual({ code: 2, parent: script });
    expect((await execa(path.join(bin, 'hookd'), ['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(leftovers(root)).toEqual([]);
  });

  it('a run of the script never puts it there: sixteen runs at once through an installer’s link each store their event, and bin/hookd stays the script', async () => {
    const { root, bin, script } = installed();
    expect(await clientEmits(bin, 16)).toBe(16);
    expect(isScript(script)).toBe(true);
    expect(leftovers(root)).toEqual([]);
  });
});

describe('where the script stays', () => {
  it('a git checkout (npm link): bin/hookd is a tracked file there, and the link stays as npm link made it', async () => {
    const { root, bin, script } = installed();
    mkdirSync(path.join(root, '.git'));
    const placed = await place(script);
    expect(placed.exitCode).toBe(1);
    expect(placed.stderr).toMatch(/is in a git checkout, where bin\/hookd is a tracked file$/);
    expect(isScript(script)).toBe(true);
    expect(await clientEmits(bin)).toBe(1);
    expect(leftovers(root)).toEqual([]);
    expect(readdirSync(bin)).toEqual(['hookd']);
  });

  it("pnpm's store: its command shims run bin/hookd with sh, so the program refuses to take its place", async () => {
    const { root, script } = installed('pnpm');
    const placed = await place(script);
    expect(placed.exitCode).toBe(1);
    expect(placed.stderr).toMatch(
      /^hookd: the native front door was not put in place: .* is pnpm's, whose command shims run it with sh$/,
    );
    expect(isScript(script)).toBe(true);
    expect(leftovers(root)).toEqual([]);
  });

  it('a copy that cannot find its package (no dist/bin.js beside it) is never put in place', async () => {
    const { root, script } = installed();
    rmSync(path.join(root, 'dist', 'bin.js'));
    const placed = await place(script);
    expect(placed.exitCode).toBe(1);
    expect(placed.stderr).toContain('does not run here or finds no dist/bin.js');
    expect(isScript(script)).toBe(true);
    expect(leftovers(root)).toEqual([]);
  });

  it('a bin folder this user cannot write: the script goes on storing events', async () => {
    const { root, bin, script } = installed();
    const as = isRoot ? { uid: await otherUser(), gid: await otherUser() } : {};
    if (!isRoot) chmodSync(path.join(root, 'bin'), 0o555);
    const placed = await place(script, as);
    expect(placed.exitCode).toBe(1);
    expect(placed.stderr).toContain('cannot write a copy of the native program beside');
    expect(await clientEmits(bin, 2, as)).toBe(2);
    expect(isScript(script)).toBe(true);
    chmodSync(path.join(root, 'bin'), 0o755);
    expect(leftovers(root)).toEqual([]);
  });
});

describe('once in place', () => {
  it('a package folder the user cannot read: emit and sync still work; other commands say what is missing', async () => {
    const { root, bin, script } = installed();
    expect((await place(script)).exitCode).toBe(0);
    expect(await clientEmits(bin)).toBe(1);
    const as = isRoot ? { uid: await otherUser(), gid: await otherUser() } : {};
    chmodSync(path.join(root, 'dist'), isRoot ? 0o700 : 0o000);
    try {
      expect(await clientEmits(bin, 1, as)).toBe(1);
      const state = tempDir();
      if (isRoot) chownSync(state, as.uid!, as.gid!);
      const sync = await execa(path.join(bin, 'hookd'), ['sync', '--', 'cat'], {
        input: '{"c":3}',
        env: { HOOKD_STATE_DIR: state },
        ...as,
      });
      expect(sync.stdout).toBe('{"c":3}');
      const status = await execa(path.join(bin, 'hookd'), ['status'], { reject: false, ...as });
      expect({ code: status.exitCode, stderr: status.stderr }).toEqual({
        code: 127,
        stderr: `hookd: cannot find the package this program belongs to (${path.join(root, 'dist', 'bin.js')}: Permission denied); reinstall @hookd-dev/hookd`,
      });
    } finally {
      chmodSync(path.join(root, 'dist'), 0o755);
    }
  });
});
