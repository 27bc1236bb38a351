// The one table of outcomes: what each means and how it reads, for runs and for history lines.
import { describe, expect, it } from 'vitest';
import {
  OUTCOMES,
  RETRIABLE_OUTCOMES,
  describeOutcome,
  exitOutcome,
  meaningOf,
  settlementOf,
  type OutcomeName,
} from '../../src/runs/outcome.js';

describe('the outcome table', () => {
  it('says how each outcome settles its record and which count as failed', () => {
    const table = Object.fromEntries(
      Object.entries(OUTCOMES).map(([name, meaning]) => [name, [meaning.settles, meaning.failed]]),
    );
    expect(table).toEqual({
      ok: ['done', false],
      failed: ['done', true],
      timed_out: ['done', true],
      spawn_error: ['done', true],
      interrupted: ['again', true],
      rejected: ['rejected', true],
      duplicate: ['done', false],
    });
  });

  it('gives the inbox the settlement of an outcome, with the reason of a record set aside', () => {
    expect(settlementOf('ok')).toBe('done');
    expect(settlementOf('failed', 'exit 3')).toBe('done');
    expect(settlementOf('interrupted')).toBe('again');
    expect(settlementOf('rejected', 'not valid JSON')).toEqual({ rejected: 'not valid JSON' });
    expect(settlementOf('rejected')).toEqual({ rejected: '' });
    // A newer daemon's outcome, read from its history: done with, never run again by mistake.
    expect(settlementOf('queued_later' as OutcomeName)).toBe('done');
  });

  it('reads each outcome in one line, from a run or from a history line', () => {
    expect(describeOutcome('ok')).toBe('ok');
    expect(describeOutcome('failed', { exitCode: 3, signal: null })).toBe('failed (exit 3)');
    expect(describeOutcome('failed', { exitCode: null, signal: 'SIGKILL' })).toBe('failed (SIGKILL)');
    expect(describeOutcome('timed_out')).toBe('timed out');
    expect(describeOutcome('spawn_error', { detail: 'spawn sh ENOENT' })).toBe('could not start: spawn sh ENOENT');
    expect(describeOutcome('rejected', { detail: 'not valid JSON' })).toBe('rejected: not valid JSON');
    expect(describeOutcome('rejected')).toBe('rejected: see inbox/rejected/');
    expect(describeOutcome('duplicate')).toBe('duplicate');
  });

  it('says which failures can be retried, at which level the log tells each, and what the page shows', () => {
    const table = Object.fromEntries(
      Object.entries(OUTCOMES).map(([name, meaning]) => [
        name,
        [meaning.retriable, meaning.level, meaning.label({ exitCode: 3, detail: 'why' })],
      ]),
    );
    expect(table).toEqual({
      ok: [false, 'info', 'ok'],
      failed: [true, 'warn', 'failed (exit 3)'],
      timed_out: [true, 'warn', 'timed out'],
      spawn_error: [true, 'warn', 'could not start'],
      interrupted: [false, 'warn', 'interrupted'],
      rejected: [false, 'warn', 'rejected'],
      duplicate: [false, 'info', 'duplicate'],
    });
    expect(RETRIABLE_OUTCOMES).toEqual(['failed', 'timed_out', 'spawn_error']);
    // Their one line carries their detail: `hookd history` shows it once.
    expect(Object.keys(OUTCOMES).filter((name) => OUTCOMES[name as OutcomeName].readsDetail)).toEqual([
      'spawn_error',
      'rejected',
    ]);
  });

  it('reads sh exiting 126 or 127 as a command that could not start, with the line sh wrote last', () => {
    expect(exitOutcome(0, '')).toEqual({ status: 'ok' });
    expect(exitOutcome(1, 'sh: 1: x: not found\n')).toEqual({ status: 'failed' });
    expect(exitOutcome(null, '')).toEqual({ status: 'failed' });
    expect(exitOutcome(127, 'checking\n./guard.sh: 3: jq: not found\n')).toEqual({
      status: 'spawn_error',
      detail: './guard.sh: 3: jq: not found',
    });
    expect(exitOutcome(126, '')).toEqual({ status: 'spawn_error', detail: 'sh exited 126' });
  });

  it('reads an outcome it does not know (a newer history) as a failure named as it is, and never one from Object.prototype', () => {
    expect(meaningOf('queued_later' as OutcomeName)).toMatchObject({
      settles: 'done',
      failed: true,
      retriable: false,
      level: 'warn',
    });
    expect(describeOutcome('toString' as OutcomeName)).toBe('toString');
  });
});
