// The daemon's list of sessions kept between asks (session-index.ts) against the history's real
// files as History writes and rotates them: after every append, a line half written, and rotations
// that drop the oldest runs, it says what reading both files from scratch says.
import { appendFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { History, type HistoryEntry } from '../../src/history/history.js';
import { newestFirst } from '../../src/history/history-file.js';
import { listSessions } from '../../src/history/sessions.js';
import { SessionIndex } from '../../src/history/session-index.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const T0 = Date.parse('2026-05-01T12:00:00Z');

function entry(i: number, session: string): HistoryEntry {
  const start = T0 + i * 1000;
  return {
    time: new Date(start + 40).toISOString(),
    eventId: `e${i}`,
    event: i % 2 ? 'PreToolUse' : 'Stop',
    session,
    command: 'true',
    client: i % 3 ? 'claude' : 'gemini',
    project: `/src/${session}-${i % 4}`,
    outcome: i % 5 ? 'ok' : 'failed',
    attempt: 1,
    durationMs: 40,
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(start + 40).toISOString(),
    ...(i % 2 ? { bridge: 'sync' as const, decided: false, decision: 'none' } : {}),
  };
}

describe('the sessions kept between asks', () => {
  it('agree with a full read after appends, a half-written line and rotations', () => {
    const history = new History(tempDir(), 3000);
    history.open();
    const index = new SessionIndex(history.file);
    const fromScratch = () => listSessions(newestFirst(history.file), 1000);
    expect(index.list(1000)).toEqual([]);
    // Asked at times near and far apart: between two asks, the file may have been rotated and grown past where the last ask stopped.
    const asks = new Set([0, 1, 2, 6, 7, 25, 26, 27, 41, 50, 68, 79]);
    for (let i = 0; i < 80; i++) {
      // Session "first" only at the start: two rotations later its runs are gone from both files.
      history.record(entry(i, i < 5 ? 'first' : `s${i % 3}`));
      if (asks.has(i)) expect(index.list(1000)).toEqual(fromScratch());
      if (i === 6) expect(index.list(1000).map((session) => session.id)).toContain('first');
    }
    expect(index.list(1000)).toEqual(fromScratch());
    expect(index.list(1000).map((session) => session.id)).not.toContain('first');
    // A line still being written is not read, nor lost once it is whole.
    const next = JSON.stringify(entry(80, 's9'));
    appendFileSync(history.file, next.slice(0, 50));
    expect(index.list(1000).map((session) => session.id)).not.toContain('s9');
    appendFileSync(history.file, `${next.slice(50)}\n`);
    expect(index.list(1000)).toEqual(fromScratch());
    expect(index.list(1000).find((session) => session.id === 's9')).toMatchObject({ runs: 1, waitedMs: 0 });
    expect(index.list(2)).toEqual(fromScratch().slice(0, 2));
  });
});
