// The ways test/package/release.test.ts installs the release from its local registry, each with the
// `hookd` it puts on PATH, and how it reads a prebuilt Linux binary's format.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { expect } from 'vitest';

export interface Install {
  install: () => Promise<unknown>;
  /** The `hookd` this install puts on PATH. */
  hookd: string;
}

/** npm (global, local, --ignore-scripts, --omit=optional), pnpm and Bun, each installing `spec` into a folder of `work`. */
export function installsFrom(work: string, registryUrl: string, env: Record<string, string | undefined>, spec: string) {
  const project = (name: string, manifest: object = {}) => {
    const dir = path.join(work, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest)}\n`);
    writeFileSync(path.join(dir, '.npmrc'), `@hookd-dev:registry=${registryUrl}/\n`);
    return dir;
  };
  const installs: Record<string, Install> = {};
  const add = (name: string, file: string, args: string[], cwd: string) => {
    installs[name] = {
      install: () => execa(args[0]!, args.slice(1), { cwd, env, timeout: 180_000, reject: false }),
      hookd: path.join(cwd, file),
    };
  };
  const global = path.join(work, 'global');
  mkdirSync(global);
  add('npm -g', path.join('bin', 'hookd'), ['npm', 'install', '-g', '--prefix', global, spec], global);
  add('npm', 'node_modules/.bin/hookd', ['npm', 'install', spec], project('npm-local'));
  add(
    'npm --ignore-scripts',
    'node_modules/.bin/hookd',
    ['npm', 'install', '--ignore-scripts', spec],
    project('npm-ignore-scripts'),
  );
  add(
    'pnpm',
    'node_modules/.bin/hookd',
    ['pnpm', 'add', '--store-dir', path.join(work, 'pnpm-store'), spec],
    project('pnpm'),
  );
  add('bun', 'node_modules/.bin/hookd', ['bun', 'add', spec], project('bun'));
  // Without its platform's package and with the install script allowed: no cc, so Node's bridge, said.
  add(
    'npm --omit=optional',
    'node_modules/.bin/hookd',
    ['npm', 'install', '--omit=optional', '--foreground-scripts', spec],
    project('npm-omit-optional', { allowScripts: { '@hookd-dev/hookd': true } }),
  );
  return installs;
}

// ELF: the machine (e_machine) and whether a program interpreter is asked for (PT_INTERP: dynamically linked).
export function elf(file: string) {
  const b = readFileSync(file);
  expect(b.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
  const phoff = Number(b.readBigUInt64LE(32));
  const interp = Array.from({ length: b.readUInt16LE(56) }, (_, i) =>
    b.readUInt32LE(phoff + i * b.readUInt16LE(54)),
  ).includes(3);
  return { machine: b.readUInt16LE(18), interp };
}
