// The native bridge's build and what it shares with TypeScript: it compiles hardened and without a
// warning under -Wall -Wextra -Wconversion (`build-native.mjs --strict` makes warnings errors, in a
// temporary folder: dist/ is untouched); its numbers are generated from src/bridge/bridge-limits.ts,
// none written again in C; and its deadline is the one src/clients/contract.ts computes.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import * as LIMITS from '../../src/bridge/bridge-limits.js';
import { hookdDeadlineMs, MAX_TIMEOUT_SEC } from '../../src/clients/contract.js';

afterEach(cleanupTempDirs);

const SHARED: Record<string, number> = { ...LIMITS, MAX_TIMEOUT_SEC };

describe('the native bridge’s build', () => {
  it('compiles hardened and warning-free (-Werror)', () => {
    expect(() => execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-native.mjs'), '--strict'], { stdio: 'pipe' })).not.toThrow();
    // The flags every build uses, here and the prebuilt ones of a release (scripts/pack-release.mjs).
    const script = readFileSync(path.join(ROOT, 'scripts', 'native-flags.mjs'), 'utf8');
    for (const flag of ['-O2', '-D_FORTIFY_SOURCE=2', '-fstack-protector-strong', '-Wall', '-Wextra', '-Wconversion']) expect(script).toContain(`'${flag}'`);
  }, 60_000);

  it('gets every shared number from bridge-limits.ts and contract.ts, and defines none of them itself', () => {
    const header = readFileSync(path.join(ROOT, 'dist', 'native', 'bridge-limits.h'), 'utf8');
    const defined = Object.fromEntries([...header.matchAll(/^#define (\w+) (\S+)$/gm)].map(([, name, value]) => [name, Number(value)]));
    expect(defined).toEqual(SHARED);
    const sources = readdirSync(path.join(ROOT, 'native')).map((name) => readFileSync(path.join(ROOT, 'native', name), 'utf8')).join('\n');
    for (const name of Object.keys(SHARED)) expect(sources).not.toMatch(new RegExp(`#define ${name}\\b`));
  });
});

/** The deadline a bridge says it answered at, for a client that never sends its event (stdin open, no byte). */
function saidDeadline(timeoutSec: number, node: boolean): Promise<string> {
  const env: Record<string, string | undefined> = { ...process.env, HOOKD_STATE_DIR: tempDir(), HOOKD_BRIDGE_NODE: node ? '1' : undefined };
  const child = spawn(HOOKD, ['sync', '--timeout', String(timeoutSec), '--', 'true'], { env, stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) => child.on('exit', () => {
    clearTimeout(guard);
    child.stdin.destroy();
    resolve(/after ([\d.]+) s/.exec(stderr)?.[1] ?? stderr);
  }));
}

describe.each([{ impl: 'native', node: false }, { impl: 'node', node: true }])('hookd’s deadline ($impl)', ({ node }) => {
  it('is hookdDeadlineMs of the client’s timeout: at least 100 ms before it, a tenth before, never below half', async () => {
    const timeouts = [0.15, 0.3, 0.8, 3];
    const said = await Promise.all(timeouts.map((sec) => saidDeadline(sec, node)));
    expect(said).toEqual(timeouts.map((sec) => (hookdDeadlineMs(sec * 1000) / 1000).toFixed(1)));
  }, 60_000);
});
