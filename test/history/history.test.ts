// The history file: one JSON line per outcome, rotated by size, its tail reloaded on start.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { History, type HistoryEntry } from '../../src/history/history.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { newestFirst } from '../../src/history/history-file.js';
import { parseOutcome, parseRunQuery, parseSince } from '../../src/history/run-filter.js';

afterEach(cleanupTempDirs);

const entry = (i: number): HistoryEntry => ({
  time: new Date(0).toISOString(),
  eventId: `e${i}`,
  event: 'Stop',
  session: 's',
  command: 'true',
  outcome: 'ok',
  attempt: 1,
});

describe('History', () => {
  it('rotates the file when it would pass its size limit, keeping one older file', () => {
    const dir = tempDir();
    const history = new History(dir, 1000);
    for (let i = 0; i < 30; i++) history.record(entry(i));
    const file = path.join(dir, 'history.jsonl');
    expect(existsSync(`${file}.1`)).toBe(true);
    expect(readFileSync(file).length).toBeLessThanOrEqual(1000);
    const lines = [
      ...readFileSync(`${file}.1`, 'utf8').trim().split('\n'),
      ...readFileSync(file, 'utf8').trim().split('\n'),
    ];
    expect(JSON.parse(lines.at(-1)!).eventId).toBe('e29');
    expect(history.latest(2).map((e) => e.eventId)).toEqual(['e29', 'e28']);
    expect(history.counts).toEqual({ ok: 30 });
  });

  it('reloads the recent tail on open and skips a line cut by a crash', () => {
    const dir = tempDir();
    const first = new History(dir);
    for (let i = 0; i < 3; i++) first.record(entry(i));
    appendFileSync(path.join(dir, 'history.jsonl'), '{"eventId": "cut-sh');
    const second = new History(dir);
    second.open();
    expect(second.latest(10).map((e) => e.eventId)).toEqual(['e2', 'e1', 'e0']);
    second.record(entry(3));
    const last = readFileSync(path.join(dir, 'history.jsonl'), 'utf8').trim().split('\n').at(-1)!;
    expect(JSON.parse(last).eventId).toBe('e3');
  });
});

describe('History: counts, output, listings', () => {
  const run = (i: number, fields: Partial<HistoryEntry> = {}): HistoryEntry => ({
    ...entry(i),
    time: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(),
    ...fields,
  });

  it('keeps counts across a restart and across rotations, leaving out the doctor probe', () => {
    const dir = tempDir();
    const first = new History(dir, 2000);
    first.open();
    for (let i = 0; i < 40; i++) first.record(run(i, { outcome: i % 4 === 0 ? 'failed' : 'ok' }));
    first.record(run(40, { probe: true }));
    expect(existsSync(path.join(dir, 'history.jsonl.1'))).toBe(true);
    expect(first.counts).toEqual({ ok: 30, failed: 10 });
    const second = new History(dir, 2000);
    second.open();
    expect(second.counts).toEqual({ ok: 30, failed: 10 });
    second.record(run(41, { outcome: 'timed_out' }));
    expect(second.counts).toEqual({ ok: 30, failed: 10, timed_out: 1 });
  });

  it('keeps the whole captured output on disk (the runner keeps 64 KiB), its first lines in memory', () => {
    const dir = tempDir();
    const stdout = Array.from({ length: 2000 }, (_, i) => `line ${i} ${'x'.repeat(20)}`).join('\n');
    const history = new History(dir);
    history.open();
    history.record(run(1, { stdout, stderr: 'boom\n' }));
    expect(history.latest(1)[0]!.stdout!.length).toBeLessThanOrEqual(1000);
    const [whole] = history.find('e1');
    expect(whole!.stdout).toBe(stdout);
    expect(whole!.stderr).toBe('boom\n');
  });

  it('lists runs by event, outcome, command and time, reading the files when memory does not hold enough', () => {
    const dir = tempDir();
    const history = new History(dir);
    history.open();
    for (let i = 0; i < 260; i++)
      history.record(
        run(i, { event: i % 2 ? 'Stop' : 'Notification', outcome: i === 3 ? 'failed' : 'ok', command: `hook-${i}` }),
      );
    expect(history.search({ outcome: 'failed' }, 10).map((e) => e.eventId)).toEqual(['e3']);
    expect(history.search({ event: 'Stop' }, 3).map((e) => e.eventId)).toEqual(['e259', 'e257', 'e255']);
    expect(history.search({ command: 'hook-25' }, 50).map((e) => e.eventId)).toEqual([
      'e259',
      'e258',
      'e257',
      'e256',
      'e255',
      'e254',
      'e253',
      'e252',
      'e251',
      'e250',
      'e25',
    ]);
    expect(history.search({ since: Date.UTC(2024, 0, 1, 0, 4, 18) }, 50).map((e) => e.eventId)).toEqual([
      'e259',
      'e258',
    ]);
    expect(history.search({}, 5).map((e) => e.eventId)).toEqual(['e259', 'e258', 'e257', 'e256', 'e255']);
  });

  it('finds every attempt of a run by its id or the end of it, and nothing for an unknown id', () => {
    const dir = tempDir();
    const history = new History(dir);
    history.open();
    history.record(run(1, { eventId: '00000001700000000000-4242.1', outcome: 'interrupted', attempt: 1 }));
    history.record(run(2, { eventId: '00000001700000000001-77', outcome: 'ok' }));
    history.record(run(3, { eventId: '00000001700000000000-4242.1', outcome: 'failed', attempt: 2 }));
    expect(history.find('4242.1').map((e) => [e.attempt, e.outcome])).toEqual([
      [1, 'interrupted'],
      [2, 'failed'],
    ]);
    expect(history.find('00000001700000000001-77').map((e) => e.outcome)).toEqual(['ok']);
    // The end after the `-` however short: a bridge's pid below 1000 (CI once ran one as 830).
    expect(history.find('77').map((e) => e.outcome)).toEqual(['ok']);
    expect(history.find('7')).toEqual([]);
    expect(history.find('')).toEqual([]);
    expect(history.find('-77')).toEqual([]);
    expect(history.find('nope')).toEqual([]);
    expect(history.find('2.1')).toEqual([]);
  });

  it('refuses an end of an id that two runs share, rather than take the newest', () => {
    const history = new History(tempDir());
    history.open();
    history.record(run(1, { eventId: '00000001700000000000-4242', outcome: 'failed' }));
    history.record(run(2, { eventId: '00000001700000000009-4242', outcome: 'ok' }));
    expect(() => history.find('4242')).toThrow(/"4242" ends the ids of 2 runs .*; give more of the id/);
    expect(history.find('00000001700000000000-4242').map((e) => e.outcome)).toEqual(['failed']);
  });

  it('reads a history cut by a crash mid-line without error, from a reader that does not open it for writing', () => {
    const dir = tempDir();
    const history = new History(dir);
    history.record(run(1));
    appendFileSync(history.file, '{"time":"2024-01-01T00:00:09.000Z","eventId":"cut","outcome":"fail');
    expect([...newestFirst(history.file)].map((e) => e.eventId)).toEqual(['e1']);
    const reopened = new History(dir);
    reopened.open();
    expect(reopened.counts).toEqual({ ok: 1 });
    expect(reopened.search({}, 10).map((e) => e.eventId)).toEqual(['e1']);
  });
});

describe('run filters', () => {
  const now = Date.UTC(2024, 4, 1, 12);
  it('reads durations ago and dates, and refuses what is neither', () => {
    expect(parseSince('10m', now)).toBe(now - 600_000);
    expect(parseSince('2h', now)).toBe(now - 7_200_000);
    expect(parseSince('2024-05-01', now)).toBe(Date.UTC(2024, 4, 1));
    expect(parseSince('2024-05-01T10:00:00Z', now)).toBe(Date.UTC(2024, 4, 1, 10));
    for (const bad of ['yesterday', '1', '10', '10 m', '-5m', '2024-13-45', ''])
      expect(parseSince(bad, now)).toMatch(/^since must be a duration ago/);
  });

  it('refuses an unknown outcome listing the valid ones, and a bad limit', () => {
    expect(parseOutcome('timed_out')).toBe('timed_out');
    expect(parseOutcome('nope')).toBe(
      'outcome must be one of ok, failed, timed_out, spawn_error, interrupted, rejected, duplicate; got "nope"',
    );
    const runs = (query: string) => parseRunQuery(new URL(`http://hookd/runs?${query}`));
    expect(runs('outcome=oops')).toMatch(/^outcome must be one of ok, failed/);
    expect(runs('since=soon')).toMatch(/^since must be/);
    for (const bad of ['0', '1001', '0x10', '1e2', '%205', '5.0', ''])
      expect(runs(`limit=${bad}`)).toMatch(/^limit must be an integer from 1 to 1000 in decimal digits/);
    expect(runs('event=Stop&limit=5&probes=1')).toEqual({ filter: { event: 'Stop', probes: true }, limit: 5 });
    // One rule for every route (src/http/query.ts): a parameter given twice is refused, whichever it is.
    for (const name of ['event', 'outcome', 'session', 'command', 'since', 'probes', 'limit'])
      expect(runs(`${name}=a&${name}=b`)).toBe(`${name} is given 2 times; give it once`);
  });
});
