// The runner's options for the synchronous bridge (bridge/run-hook-in-line.ts runs its hooks through
// runHook, as the daemon does): no gate, the raw bytes kept, stderr seen as it comes, a run past
// the stdout cap ended rather than cut, and an abort that names the client's signal.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runHook } from '../../src/executor/posix-run.js';
import type { RunRequest } from '../../src/executor/executor.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(cleanupTempDirs);

const request = (command: string, more: Partial<RunRequest> = {}): RunRequest => ({
  command,
  payload: Buffer.from('{"a":1}'),
  cwd: tempDir(),
  env: { PATH: process.env.PATH },
  timeoutMs: 20_000,
  graceMs: 500,
  ...more,
});

describe('runHook for the synchronous bridge', () => {
  it('runs without the gate, keeps stdout byte for byte, and hands on stderr as it comes', async () => {
    const seen: Buffer[] = [];
    const outcome = await runHook(
      request(`cat; printf '\\377x'; echo "[$HOOKD_PAYLOAD_BYTES]" >&2`, {
        gate: false,
        raw: true,
        onStderr: (chunk) => void seen.push(chunk),
      }),
    );
    expect(outcome.status).toBe('ok');
    expect(outcome.stdout.raw).toEqual(Buffer.concat([Buffer.from('{"a":1}'), Buffer.from([0xff, 0x78])]));
    // No gate, no payload length: the hook's stdin is the event alone, as the C bridge gives it.
    expect(Buffer.concat(seen).toString()).toBe('[]\n');
    expect(outcome.stderr.raw?.toString()).toBe('[]\n');
  });

  it('ends a hook whose stdout passes the cap, as a spawn_error saying why, never a cut answer', async () => {
    const outcome = await runHook(
      request('head -c 100000 /dev/zero; sleep 30', {
        outputCap: 1000,
        endPastCap: 'past the bound',
        reapWaitMs: 1000,
      }),
    );
    expect(outcome).toMatchObject({
      status: 'spawn_error',
      error: 'past the bound',
      signal: 'SIGKILL',
      stdout: { truncated: true },
    });
  });

  it('a hook that exits 0 before its bytes past the cap are read has no exit code: the bridge never hands on its cut answer with exit 0', async () => {
    // The exit and the last bytes race; whichever comes first, the outcome is the same.
    for (let round = 0; round < 20; round++) {
      const outcome = await runHook(
        request('head -c 70000 /dev/zero', {
          outputCap: 65536,
          endPastCap: 'past the bound',
          raw: true,
          gate: false,
          drainMs: 0,
        }),
      );
      expect(outcome).toMatchObject({
        status: 'spawn_error',
        exitCode: null,
        error: 'past the bound',
        stdout: { truncated: true },
      });
    }
  });

  it('an abort that comes after the deadline has passed (the client gave up at its own timeout) is a timeout, not an interruption', async () => {
    const ended = new AbortController();
    const run = runHook(request('sleep 30', { timeoutMs: 100, signal: ended.signal, interruptGraceMs: 500 }));
    // The deadline's timer has not run yet (this loop is busy), as on a loaded machine: the client's abort comes first.
    const until = performance.now() + 300;
    while (performance.now() < until);
    ended.abort('SIGTERM');
    expect(await run).toMatchObject({ status: 'timed_out' });
  });

  it('sends the signal an abort names, and calls the run interrupted', async () => {
    const marker = path.join(tempDir(), 'trapped');
    const ended = new AbortController();
    const run = runHook(
      request(`trap 'exit 7' INT; touch '${marker}'; sleep 30 & wait`, {
        signal: ended.signal,
        interruptGraceMs: 2000,
      }),
    );
    await waitFor('the trap to be set', () => existsSync(marker));
    ended.abort('SIGINT');
    expect(await run).toMatchObject({ status: 'interrupted', exitCode: 7 });
  });
});
