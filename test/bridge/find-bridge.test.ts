// Which bridge `hookd sync` execs (issue 33), in the layouts installs make, with stand-in bridges
// that say who they are: bin/hookd's find_bridge and src/bridge/bridge-in-use.ts must agree, take
// this system's prebuilt package before the one built here, and never another system's.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { HOOKD } from '../helpers/paths.js';
import { bridgeInUse } from '../../src/bridge/bridge-in-use.js';

afterEach(cleanupTempDirs);

const SYSTEM = process.platform === 'darwin' ? 'darwin' : 'linux';
const OTHER = SYSTEM === 'darwin' ? 'linux' : 'darwin';

// A program at `file` that prints its name and arguments.
function standIn(file: string, name: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\necho ${name} "$@"\n`);
  chmodSync(file, 0o755);
}

// The package at node_modules/@hookd-dev/hookd with bin/hookd as shipped; `platforms` beside it
// (hoisted) or under it (nested), and optionally a bridge built here.
function layout(platforms: string[], where: 'hoisted' | 'nested', builtHere = false) {
  const scope = path.join(tempDir(), 'node_modules', '@hookd-dev');
  const root = path.join(scope, 'hookd');
  mkdirSync(path.join(root, 'bin'), { recursive: true });
  copyFileSync(HOOKD, path.join(root, 'bin', 'hookd'));
  mkdirSync(path.join(root, 'dist'));
  for (const platform of platforms) {
    const dir =
      where === 'hoisted'
        ? path.join(scope, `hookd-${platform}`)
        : path.join(root, 'node_modules', '@hookd-dev', `hookd-${platform}`);
    standIn(path.join(dir, 'bin', 'hookd-bridge'), platform);
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: `@hookd-dev/hookd-${platform}`, version: '9.9.9' }),
    );
  }
  if (builtHere) standIn(path.join(root, 'dist', 'hookd-bridge'), 'built-here');
  return root;
}

const sync = (root: string) =>
  execa(path.join(root, 'bin', 'hookd'), ['sync', '--', 'true'], {
    env: { ...process.env, HOOKD_BRIDGE_NODE: '' },
    extendEnv: false,
  });

describe('the bridge hookd sync runs', () => {
  for (const where of ['hoisted', 'nested'] as const) {
    it(`takes this system's prebuilt package (${where}) before the one built here, and passes the words on`, async () => {
      const root = layout([`${OTHER}-arm64`, `${SYSTEM}-x64`], where, true);
      expect((await sync(root)).stdout).toBe(`${SYSTEM}-x64 sync -- true`);
      expect(bridgeInUse(root, {})).toMatchObject({
        kind: 'prebuilt',
        summary: `native, prebuilt (@hookd-dev/hookd-${SYSTEM}-x64 9.9.9)`,
      });
    });
  }

  it("never another system's package: the one built here instead", async () => {
    const root = layout([`${OTHER}-arm64`, `${OTHER}-x64`], 'hoisted', true);
    expect((await sync(root)).stdout).toBe('built-here sync -- true');
    expect(bridgeInUse(root, {})).toMatchObject({ kind: 'built' });
  });

  it('says Node, with what it costs and how to get the native one, when there is neither', () => {
    const root = layout([`${OTHER}-x64`], 'hoisted');
    expect(bridgeInUse(root, {})).toMatchObject({
      kind: 'node',
      summary: expect.stringMatching(
        /^Node: the bridges run in Node: every deciding hook waits for Node's start-up .*; for the native one, /,
      ),
    });
    // HOOKD_BRIDGE_NODE: Node's bridge with the Node the package was installed with, else the native one (issue 41, 4).
    const installed = layout([`${SYSTEM}-x64`], 'nested');
    expect(bridgeInUse(installed, { HOOKD_BRIDGE_NODE: '1' })).toMatchObject({
      kind: 'prebuilt',
      summary: `native, prebuilt (@hookd-dev/hookd-${SYSTEM}-x64 9.9.9); HOOKD_BRIDGE_NODE is set, but the Node.js hookd was installed with is gone`,
    });
    symlinkSync(process.execPath, path.join(installed, 'dist', 'node'));
    expect(bridgeInUse(installed, { HOOKD_BRIDGE_NODE: '1' })).toEqual({
      kind: 'node',
      summary: 'Node (HOOKD_BRIDGE_NODE is set)',
    });
  });
});
