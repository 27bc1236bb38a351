// The history file: one JSON line per outcome, rotated by size, its tail reloaded on start.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { History, type HistoryEntry } from '../../src/daemon/history.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const entry = (i: number): HistoryEntry => ({ time: new Date(0).toISOString(), eventId: `e${i}`, event: 'Stop', session: 's', command: 'true', outcome: 'ok', attempt: 1 });

describe('History', () => {
  it('rotates the file when it would pass its size limit, keeping one older file', () => {
    const dir = tempDir();
    const history = new History(dir, 1000);
    for (let i = 0; i < 30; i++) history.record(entry(i));
    const file = path.join(dir, 'history.jsonl');
    expect(existsSync(`${file}.1`)).toBe(true);
    expect(readFileSync(file).length).toBeLessThanOrEqual(1000);
    const lines = [...readFileSync(`${file}.1`, 'utf8').trim().split('\n'), ...readFileSync(file, 'utf8').trim().split('\n')];
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
