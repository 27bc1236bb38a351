// A finished run's facts, computed once where it ends: its delivery delay (none for a run in line
// or one that never started), whether it is the doctor's probe, and the outcome table's word on it.
import { describe, expect, it } from 'vitest';
import { factsOf } from '../../src/runs/run-facts.js';
import { probeRun } from '../../src/runs/probe-marker.js';
import type { RunFinished } from '../../src/runs/run-bus.js';

const run = (extra: Partial<RunFinished> = {}): RunFinished => ({
  eventId: 'e1',
  event: 'Stop',
  sessionId: 's',
  command: 'true',
  attempt: 1,
  receivedAt: 1000,
  takenAt: 1010,
  startedAt: 1025,
  endedAt: 1100,
  outcome: 'ok',
  ...extra,
});
const output = { text: '', truncated: false, bytes: 0 };
const result = (status: 'failed' | 'timed_out' | 'spawn_error', extra: object = {}) => ({
  status,
  exitCode: null,
  signal: null,
  durationMs: 75,
  stdout: output,
  stderr: output,
  ...extra,
});

describe('the facts of a finished run', () => {
  it('carries the delivery delay of a run the daemon started, never below zero', () => {
    expect(factsOf(run()).delayMs).toBe(25);
    expect(factsOf(run({ receivedAt: 2000 })).delayMs).toBe(0);
  });

  it('has no delivery delay for a run in line (the client waited its whole duration) or one that never started', () => {
    expect(factsOf(run({ inline: { decided: false, decision: 'none' } }))).not.toHaveProperty('delayMs');
    expect(factsOf(run({ startedAt: undefined, outcome: 'rejected', detail: 'not JSON' }))).not.toHaveProperty(
      'delayMs',
    );
  });

  it('tells the doctor’s probe by its session and its command together', () => {
    const probe = probeRun('0123456789ab');
    expect(factsOf(run({ sessionId: probe.sessionId, command: probe.command })).probe).toBe(true);
    expect(factsOf(run({ sessionId: probe.sessionId })).probe).toBe(false);
    expect(factsOf(run()).probe).toBe(false);
  });

  it('says what the outcome table says of it, and how it reads from its result', () => {
    expect(factsOf(run())).toMatchObject({ failed: false, retriable: false, level: 'info', reads: 'ok' });
    expect(factsOf(run({ outcome: 'failed', result: result('failed', { exitCode: 3 }) }))).toMatchObject({
      failed: true,
      retriable: true,
      level: 'warn',
      reads: 'failed (exit 3)',
    });
    expect(factsOf(run({ outcome: 'timed_out', result: result('timed_out', { signal: 'SIGTERM' }) }))).toMatchObject({
      failed: true,
      retriable: true,
      reads: 'timed out',
    });
    expect(
      factsOf(run({ outcome: 'spawn_error', result: result('spawn_error', { error: 'spawn sh ENOENT' }) })).reads,
    ).toBe('could not start: spawn sh ENOENT');
    expect(factsOf(run({ outcome: 'interrupted' }))).toMatchObject({ failed: true, retriable: false });
    expect(factsOf(run({ outcome: 'rejected', startedAt: undefined, detail: 'not JSON' }))).toMatchObject({
      failed: true,
      retriable: false,
      level: 'warn',
      reads: 'rejected: not JSON',
    });
    expect(factsOf(run({ outcome: 'duplicate', startedAt: undefined }))).toMatchObject({
      failed: false,
      retriable: false,
      level: 'info',
      reads: 'duplicate',
    });
  });
});
