// The native bridge's build and what it shares with TypeScript: it compiles hardened and without a
// warning under -Wall -Wextra -Wconversion (`build-native.mjs --strict` makes warnings errors, in a
// temporary folder: dist/ is untouched); its numbers, texts and rules are generated into
// native/hookd-shared.h from the TypeScript that owns each (scripts/write-native-shared.mjs), the
// header is what that script writes now (after a build, which rewrites it; the committed header
// is checked before that, in .ci/run), none is written again in C; and its deadline is the one
// src/clients/contract.ts computes, to the millisecond.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD, ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import * as LIMITS from '../../src/bridge/bridge-limits.js';
import { hookdDeadlineMs, killGraceMs, MAX_TIMEOUT_SEC } from '../../src/clients/contract.js';
import { RUN_FACT_NAMES, serializeRun, type RunRecord } from '../../src/inbox/run-record.js';
import { nulFields } from '../../src/inbox/nul-fields.js';

afterEach(cleanupTempDirs);

const SHARED: Record<string, number> = { ...LIMITS, MAX_TIMEOUT_SEC };

describe('the native bridge’s build', () => {
  it('compiles hardened and warning-free (-Werror)', () => {
    expect(() =>
      execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-native.mjs'), '--strict'], { stdio: 'pipe' }),
    ).not.toThrow();
    // The flags every build uses, here and the prebuilt ones of a release (scripts/pack-release.mjs).
    const script = readFileSync(path.join(ROOT, 'scripts', 'native-flags.mjs'), 'utf8');
    for (const flag of ['-O2', '-D_FORTIFY_SOURCE=2', '-fstack-protector-strong', '-Wall', '-Wextra', '-Wconversion'])
      expect(script).toContain(`'${flag}'`);
  }, 60_000);

  it('gets every shared number from bridge-limits.ts and contract.ts, and defines none of them itself', () => {
    const header = readFileSync(path.join(ROOT, 'native', 'hookd-shared.h'), 'utf8');
    const defined = Object.fromEntries(
      [...header.matchAll(/^#define (\w+) (\d+)$/gm)].map(([, name, value]) => [name, Number(value)]),
    );
    expect(defined).toEqual(SHARED);
    // Every part, the Windows ones in native/win/ too.
    const sources = readdirSync(path.join(ROOT, 'native'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.[ch]$/.test(name) && name !== 'hookd-shared.h')
      .map((name) => readFileSync(path.join(ROOT, 'native', name), 'utf8'))
      .join('\n');
    for (const name of Object.keys(SHARED)) expect(sources).not.toMatch(new RegExp(`#define ${name}\\b`));
  });
});

/** The deadline a bridge says it answered at, for a client that never sends its event (stdin open, no byte). */
function saidDeadline(timeoutSec: number, node: boolean): Promise<string> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOOKD_STATE_DIR: tempDir(),
    HOOKD_BRIDGE_NODE: node ? '1' : undefined,
  };
  const child = spawn(HOOKD, ['sync', '--timeout', String(timeoutSec), '--', 'true'], {
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.on('exit', () => {
      clearTimeout(guard);
      child.stdin.destroy();
      resolve(/after ([\d.]+) s/.exec(stderr)?.[1] ?? stderr);
    }),
  );
}

describe('native/hookd-shared.h', () => {
  it('is what scripts/write-native-shared.mjs writes from the TypeScript now (never stale)', async () => {
    const { sharedHeader, HEADER_PATH } = (await import(path.join(ROOT, 'scripts', 'write-native-shared.mjs'))) as {
      sharedHeader(): Promise<string>;
      HEADER_PATH: string;
    };
    expect(readFileSync(HEADER_PATH, 'utf8')).toBe(await sharedHeader());
    // --check says the same, for CI and for a reader at a shell.
    expect(() =>
      execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'write-native-shared.mjs'), '--check']),
    ).not.toThrow();
  });

  it('names every fact the TypeScript writes in a run record', () => {
    const stream = { text: 'o', bytes: 1, truncated: false };
    const run: RunRecord = {
      client: 'c',
      event: 'e',
      cwd: '/',
      answer: '{}',
      startedAt: 1,
      endedAt: 2,
      timeoutMs: 5,
      env: { TRACEPARENT: 't' },
      outcome: {
        status: 'spawn_error',
        error: 'x',
        exitCode: null,
        signal: 'SIGKILL',
        durationMs: 1,
        stdout: stream,
        stderr: stream,
      },
    };
    const timedOut: RunRecord = { ...run, outcome: { ...run.outcome, status: 'timed_out', signal: null } };
    const bytes = serializeRun('cmd', run, Buffer.from('{}'));
    const more = serializeRun('cmd', timedOut, Buffer.from('{}'));
    const names = [bytes, more].flatMap((record) =>
      nulFields(record, record.indexOf(0) + 1)!.fields.map((field) => field.slice(0, field.indexOf('='))),
    );
    expect(names).toEqual(expect.arrayContaining(['spawnError', 'signal', 'exitCode', 'timedOut', 'answer', 'cwd']));
    expect(
      names.filter((name) => !name.startsWith('env.') && !(RUN_FACT_NAMES as readonly string[]).includes(name)),
    ).toEqual([]);
    expect(names).toContain('env.TRACEPARENT');
  });

  it('computes hookdDeadlineMs and killGraceMs to the millisecond, rounding as Math.round and Math.floor do', () => {
    const dir = tempDir();
    const timeouts = [1, 150, 201, 999, 1005, 1235, 1239, 3333, 19_999, 20_005, 60_000, MAX_TIMEOUT_SEC * 1000];
    writeFileSync(
      path.join(dir, 'deadline.c'),
      `#include <stdio.h>\n#include "hookd-shared.h"\nint main(void) { const long long t[] = { ${timeouts.join(', ')} }; for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) printf("%lld %lld\\n", hookd_deadline_ms(t[i]), hookd_kill_grace_ms(t[i])); return 0; }\n`,
    );
    execFileSync(process.env.CC || 'cc', [
      '-Wall',
      '-Werror',
      '-I',
      path.join(ROOT, 'native'),
      '-o',
      path.join(dir, 'deadline'),
      path.join(dir, 'deadline.c'),
    ]);
    const printed = execFileSync(path.join(dir, 'deadline'), { encoding: 'utf8' }).trim().split('\n');
    expect(printed).toEqual(timeouts.map((t) => `${hookdDeadlineMs(t)} ${killGraceMs(t)}`));
  });
});

describe.each([
  { impl: 'native', node: false },
  { impl: 'node', node: true },
])('hookd’s deadline ($impl)', ({ node }) => {
  it('is hookdDeadlineMs of the client’s timeout: at least 100 ms before it, a tenth before, never below half', async () => {
    const timeouts = [0.15, 0.3, 0.8, 3];
    const said = await Promise.all(timeouts.map((sec) => saidDeadline(sec, node)));
    expect(said).toEqual(timeouts.map((sec) => (hookdDeadlineMs(sec * 1000) / 1000).toFixed(1)));
  }, 60_000);
});
