// The attempts journal: what a crashed daemon noted survives for the records still pending.
import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AttemptJournal } from '../../src/inbox/attempt-journal.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

describe('AttemptJournal', () => {
  it('keeps the started runs of pending records across a restart, drops the rest, and skips a cut line', () => {
    const dir = tempDir();
    const first = new AttemptJournal(dir);
    first.open([]);
    first.note('a', 1);
    first.note('b', 1);
    first.note('a', 2);
    first.note('c', 1);
    first.forget('c');
    // The daemon dies here (no close), mid-way through a line.
    appendFileSync(path.join(dir, 'attempts.log'), 'd ');
    const second = new AttemptJournal(dir);
    second.open(['a', 'd', 'e']);
    expect([
      second.startedRuns('a'),
      second.startedRuns('b'),
      second.startedRuns('d'),
      second.startedRuns('e'),
    ]).toEqual([2, 0, 0, 0]);
    expect(readFileSync(path.join(dir, 'attempts.log'), 'utf8')).toBe('a 2\n');
    second.close();
  });

  it('compacts itself once it grows past its limit, keeping what is still running', () => {
    const dir = tempDir();
    const journal = new AttemptJournal(dir);
    journal.open([]);
    journal.note('kept', 3);
    for (let i = 0; i < 40_000; i++) {
      journal.note(`done-${i}`, 1);
      journal.forget(`done-${i}`);
    }
    expect(readFileSync(path.join(dir, 'attempts.log')).length).toBeLessThan(1024 * 1024);
    journal.close();
    const again = new AttemptJournal(dir);
    again.open(['kept']);
    expect(again.startedRuns('kept')).toBe(3);
    again.close();
  });

  it('keeps each started hook’s handle as the executor wrote it, reads an earlier version’s group as one, and forgets an ended one', () => {
    const dir = tempDir();
    const first = new AttemptJournal(dir);
    first.open([]);
    first.note('a', 1, '4242 777 00ff00ff00ff00ff');
    first.note('b', 1, 'job:42');
    first.note('b', 2, 'job:43');
    first.ended('b', 'job:42');
    // An ended hook leaves the journal at its next compaction.
    first.compact();
    expect(() => first.note('c', 1, 'two\nlines')).toThrow(/one line/);
    appendFileSync(path.join(dir, 'attempts.log'), 'd 1 99 123\n');
    const second = new AttemptJournal(dir);
    second.open(['a', 'b', 'd']);
    expect(second.handles()).toEqual([
      { key: 'a', handle: '4242 777 00ff00ff00ff00ff' },
      { key: 'b', handle: 'job:43' },
      { key: 'd', handle: '99 123' },
    ]);
    second.close();
  });
});
