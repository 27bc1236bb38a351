// The release as users get it (issue 33): `npm run release:pack`'s tarballs, the prebuilt bridges
// checked for their platform (the arm64 Linux one run under qemu's user-mode emulation, the Windows one
// under wine, the macOS ones read for format and architecture), then every package published to a real local registry
// (verdaccio) and installed from it (release-installs.ts) on a PATH without a C compiler: each must
// run the prebuilt native bridge, seen by the hook as its parent (/proc/$PPID/exe): the program
// itself as bin/hookd (the front door) where it takes the script's place, else the script's exec of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { ROOT } from '../helpers/paths.js';
import { npmEnv } from '../helpers/npm-env.js';
import { ensureTools, packRelease, startRegistry, TOOLS } from '../registry/local-registry.mjs';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { elf, installsFrom } from './release-installs.js';
import { wineEnv, windowsPath } from '../windows/bridge-exe.mjs';

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const PAYLOAD = `${JSON.stringify({ hook_event_name: 'PreToolUse', tool_input: { command: 'x'.repeat(2000) } })}\n`;

let releaseDir: string;
let stopRegistry: (() => void) | undefined;
let registryUrl: string;
let work: string;
/** A PATH with node, npm, pnpm, Bun and the few tools the installs run, and no C compiler. */
let noCompilerPath: string;

const tarball = (name: string) => path.join(releaseDir, `hookd-dev-${name}-${VERSION}.tgz`);
const prebuiltIn = (name: string, program = 'hookd-bridge') => {
  const dir = tempDir();
  return execa('tar', ['xzf', tarball(name), '-C', dir]).then(() => path.join(dir, 'package', 'bin', program));
};

beforeAll(async () => {
  // A fresh clone has none of the release's tools yet: installed once per lock file (test/registry).
  await ensureTools(npmEnv());
  releaseDir = tempDir();
  work = tempDir();
  const bin = path.join(work, 'bin');
  mkdirSync(bin);
  const found = await execa('sh', ['-c', 'for t in node npm sh readlink cat; do command -v $t; done']);
  for (const tool of found.stdout.split('\n')) symlinkSync(tool, path.join(bin, path.basename(tool)));
  for (const tool of ['pnpm', 'bun']) symlinkSync(path.join(TOOLS, tool), path.join(bin, tool));
  noCompilerPath = bin;

  const local = await startRegistry(work, await packRelease(releaseDir), npmEnv());
  registryUrl = local.url;
  stopRegistry = local.stop;
  // A bound, not a goal: on a machine that never ran zig, its first build of each target's libc takes minutes.
}, 15 * 60_000);

afterAll(() => {
  stopRegistry?.();
  cleanupTempDirs();
});

describe('npm run release:pack', () => {
  it('writes the package and one package per platform, each named in its optionalDependencies at that exact version', async () => {
    const platforms = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64', 'win32-x64'];
    expect(readdirSync(releaseDir).sort()).toEqual(
      ['hookd', ...platforms.map((p) => `hookd-${p}`)].map((name) => `hookd-dev-${name}-${VERSION}.tgz`),
    );
    const manifest = await execa('tar', ['xzf', tarball('hookd'), '-O', 'package/package.json']);
    const { optionalDependencies } = JSON.parse(manifest.stdout) as { optionalDependencies: Record<string, string> };
    expect(optionalDependencies).toEqual(Object.fromEntries(platforms.map((p) => [`@hookd-dev/hookd-${p}`, VERSION])));
    // Each platform package installs only there: its os and cpu.
    for (const p of platforms) {
      const platform = await execa('tar', ['xzf', tarball(`hookd-${p}`), '-O', 'package/package.json']);
      expect(JSON.parse(platform.stdout)).toMatchObject({
        name: `@hookd-dev/hookd-${p}`,
        version: VERSION,
        os: [p.split('-')[0]],
        cpu: [p.split('-')[1]],
      });
    }
  });

  it('builds Linux bridges linked statically (no program interpreter) for x86-64 and AArch64', async () => {
    expect(elf(await prebuiltIn('hookd-linux-x64'))).toEqual({ machine: 0x3e, interp: false });
    expect(elf(await prebuiltIn('hookd-linux-arm64'))).toEqual({ machine: 0xb7, interp: false });
  });

  it('builds Mach-O executables for macOS on arm64 and x86-64', async () => {
    for (const [name, cpu] of [
      ['hookd-darwin-arm64', 0x0100000c],
      ['hookd-darwin-x64', 0x01000007],
    ] as const) {
      const b = readFileSync(await prebuiltIn(name));
      expect(b.readUInt32LE(0)).toBe(0xfeedfacf); // MH_MAGIC_64
      expect(b.readUInt32LE(4)).toBe(cpu);
      expect(b.readUInt32LE(12)).toBe(2); // MH_EXECUTE
    }
  });

  it('builds a PE32+ console program for Windows on x86-64', async () => {
    const b = readFileSync(await prebuiltIn('hookd-win32-x64', 'hookd-bridge.exe'));
    expect(b.subarray(0, 2).toString()).toBe('MZ');
    const pe = b.readUInt32LE(0x3c);
    expect(b.readUInt32LE(pe)).toBe(0x00004550); // "PE\0\0"
    expect(b.readUInt16LE(pe + 4)).toBe(0x8664); // IMAGE_FILE_MACHINE_AMD64
    expect(b.readUInt32LE(pe + 8)).toBe(0); // no link time: the same sources give the same bytes
    expect(b.readUInt16LE(pe + 24)).toBe(0x20b); // the optional header's magic: PE32+
    expect(b.readUInt16LE(pe + 24 + 68)).toBe(3); // IMAGE_SUBSYSTEM_WINDOWS_CUI: the client's pipes are its stdio
  });

  it('the Windows bridge runs a hook under wine and hands back its stdin as its answer, and its exit code', async () => {
    const bridge = await prebuiltIn('hookd-win32-x64', 'hookd-bridge.exe');
    const state = tempDir();
    const run = await execa(
      'wine',
      [
        bridge,
        'sync',
        '--client',
        'claude',
        '--state-dir',
        windowsPath(state),
        '--',
        `"${windowsPath(bridge)}" read & exit 2`,
      ],
      { input: PAYLOAD, reject: false, env: wineEnv() },
    );
    expect(run.stdout).toBe(PAYLOAD.trimEnd());
    expect(run.exitCode).toBe(2);
    expect(readdirSync(path.join(state, 'inbox', 'new'))).toHaveLength(1);
  });

  it('the arm64 Linux bridge runs a hook under qemu and hands back its answer and exit code', async () => {
    const bridge = await prebuiltIn('hookd-linux-arm64');
    const state = tempDir();
    const run = await execa(
      'qemu-aarch64-static',
      [bridge, 'sync', '--client', 'claude', '--state-dir', state, '--', 'wc -c; exit 2'],
      { input: PAYLOAD, reject: false },
    );
    expect(run.stdout.trim()).toBe(String(Buffer.byteLength(PAYLOAD)));
    expect(run.exitCode).toBe(2);
    expect(readdirSync(path.join(state, 'inbox', 'new'))).toHaveLength(1);
  });
});

describe('installed from a local registry on a PATH without a C compiler', () => {
  it('has no C compiler on that PATH', async () => {
    const which = await execa('sh', ['-c', 'command -v cc || command -v gcc || command -v clang || echo none'], {
      env: { PATH: noCompilerPath },
    });
    expect(which.stdout).toBe('none');
  });

  it('npm (global, local, --ignore-scripts), pnpm and Bun each run the prebuilt native bridge', async () => {
    const env = npmEnv({
      PATH: noCompilerPath,
      [`npm_config_@hookd-dev:registry`]: registryUrl,
      BUN_INSTALL_CACHE_DIR: path.join(work, 'bun-cache'),
    });
    const installs = installsFrom(work, registryUrl, env, `@hookd-dev/hookd@${VERSION}`);
    const results = await Promise.all(
      Object.values(installs).map(
        ({ install }) => install() as Promise<{ exitCode?: number; stderr: string; stdout: string }>,
      ),
    );
    // pnpm 12 installs everything, then exits 1 because it left the package's install script (the
    // fallback compile) unrun, as it does for every package with one: that and nothing else.
    for (const [index, name] of Object.keys(installs).entries()) {
      const { exitCode, stderr, stdout } = results[index]!;
      if (name === 'pnpm' && exitCode === 1)
        expect(`${stderr}${stdout}`).toMatch(/ERR_PNPM_IGNORED_BUILDS[\s\S]*Ignored build scripts: @hookd-dev\/hookd@/);
      else expect({ name, exitCode, stderr: exitCode ? stderr : '' }).toEqual({ name, exitCode: 0, stderr: '' });
    }

    const fellBack = results[Object.keys(installs).indexOf('npm --omit=optional')]!;
    expect(`${fellBack.stdout}${fellBack.stderr}`).toContain(
      `hookd: no native bridge (no prebuilt one for linux-${process.arch}; cc: not found); the bridges run in Node: every deciding hook waits for Node's start-up`,
    );
    const { 'npm --omit=optional': node, ...native } = installs;
    const nodeRun = await execa(node!.hookd, ['sync', '--', 'readlink /proc/$PPID/exe'], {
      input: PAYLOAD,
      env: { ...env, HOME: work, XDG_STATE_HOME: tempDir() },
    });
    expect(path.basename(nodeRun.stdout)).toMatch(/^node/);
    const nodeDoctor = await execa(node!.hookd, ['doctor', '--timeout', '1'], {
      env: { ...env, HOME: work, XDG_STATE_HOME: tempDir() },
      reject: false,
    });
    expect(nodeDoctor.stdout).toContain(
      `✗ bridge in use: Node: the bridges run in Node: every deciding hook waits for Node's start-up (about 0.1 s, some 20 times the native bridge)\n    → reinstall @hookd-dev/hookd with its optional dependencies (@hookd-dev/hookd-linux-${process.arch} was not installed: --omit=optional?)`,
    );
    // The front door (item 3): where the install script ran (npm), the native program is in bin/hookd's
    // place; where it did not (--ignore-scripts, Bun), or with pnpm (whose shims run bin/hookd with sh),
    // the script stays, runs after the hooks below as before, and execs the native bridge.
    const prebuilt = readFileSync(await prebuiltIn(`hookd-linux-${process.arch}`));
    const script = (name: string) => realpathSync(installs[name]!.hookd);
    const isProgram = (name: string) => readFileSync(script(name)).equals(prebuilt);
    expect(Object.fromEntries(Object.keys(native).map((name) => [name, isProgram(name)]))).toEqual({
      'npm -g': true,
      npm: true,
      'npm --ignore-scripts': false,
      pnpm: false,
      bun: false,
    });
    const state = tempDir();
    const hookRun = (hookd: string) =>
      execa(hookd, ['sync', '--client', 'claude', '--state-dir', state, '--', 'readlink /proc/$PPID/exe; exit 2'], {
        input: PAYLOAD,
        env: { ...env, HOME: work },
        reject: false,
      });
    for (const [name, { hookd }] of Object.entries(native)) {
      expect(existsSync(hookd), name).toBe(true);
      expect({ name, exitCode: (await hookRun(hookd)).exitCode }).toEqual({ name, exitCode: 2 });
      const run = await hookRun(hookd);
      const frontDoor = name === 'npm -g' || name === 'npm';
      expect({ name, parent: run.stdout, exitCode: run.exitCode, isProgram: isProgram(name) }).toEqual({
        name,
        parent: frontDoor
          ? script(name)
          : expect.stringMatching(new RegExp(`/@hookd-dev/hookd-linux-${process.arch}/bin/hookd-bridge$`)),
        exitCode: 2,
        isProgram: frontDoor,
      });
    }
    const doctorOf = (name: string) =>
      execa(installs[name]!.hookd, ['doctor', '--timeout', '1'], {
        env: { ...env, HOME: work, XDG_STATE_HOME: state },
        reject: false,
      });
    const doctor = await doctorOf('pnpm');
    expect(doctor.stdout).toContain(
      `✓ bridge in use: native, prebuilt (@hookd-dev/hookd-linux-${process.arch} ${VERSION})`,
    );
    expect(doctor.stdout).toContain("pnpm's command shims run bin/hookd with sh, so the script stays");
    expect((await doctorOf('npm')).stdout).toContain(`✓ front door: the native program (${script('npm')})`);
    expect((await doctorOf('bun')).stdout).toContain(
      'the install script did not run (npm --ignore-scripts, Bun without trust)',
    );
    expect(isProgram('bun'), 'a run of the script never puts the program in its place').toBe(false);
  }, 240_000);
});
