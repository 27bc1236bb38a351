// What sessions.ts makes of history lines, whatever order they come in: a session's summary (the
// newest run's client and project, the time waited in line), and its runs on one axis when there
// are more than it draws (the newest kept, the rest counted, offsets from the first kept start).
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/runs/history-line.js';
import { addTo, sessionRuns, type SessionSummary } from '../../src/history/sessions.js';

const T0 = Date.parse('2026-05-01T12:00:00Z');

function entry(i: number, fields: Partial<HistoryEntry> = {}): HistoryEntry {
  const start = T0 + i * 1000;
  return {
    time: new Date(start + 100).toISOString(),
    eventId: `e${i}`,
    event: 'PreToolUse',
    session: 's',
    command: 'true',
    outcome: 'ok',
    attempt: 1,
    durationMs: 100,
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(start + 100).toISOString(),
    ...fields,
  };
}

const lines = [
  entry(0, { client: 'gemini', project: '/old' }),
  entry(1, { bridge: 'sync', decided: true, decision: 'block: no', durationMs: 100 }),
  entry(2, { outcome: 'failed', exitCode: 1 }),
  entry(3, { bridge: 'sync', decided: false, decision: 'none', client: 'claude', project: '/new', durationMs: 100 }),
  entry(4, { probe: true, bridge: 'sync' }),
  entry(5, { session: '' }),
];

describe('sessions from history lines', () => {
  it('sum a session up the same in any order: the newest client and project, the runs in line waited on', () => {
    const sum = (order: HistoryEntry[]) =>
      order
        .filter((line) => line.session === 's' && !line.probe)
        .reduce<SessionSummary | undefined>((summary, line) => addTo(summary, line), undefined);
    const expected = {
      id: 's',
      client: 'claude',
      project: '/new',
      runs: 4,
      inLine: 2,
      failed: 1,
      waitedMs: 200,
      firstAt: new Date(T0).toISOString(),
      lastAt: new Date(T0 + 3100).toISOString(),
    };
    expect(sum([...lines].reverse())).toEqual(expected);
    expect(sum(lines)).toEqual(expected);
  });

  it('draw the newest runs of a long session and count the rest, on an axis from the first kept start', () => {
    const picture = sessionRuns([...lines].reverse(), 's', 2)!;
    expect(picture.leftOut).toBe(2);
    expect(picture.session.runs).toBe(4);
    expect(picture.runs.map((run) => [run.id, run.offsetMs, run.lengthMs, run.lane])).toEqual([
      ['e2', 0, 100, 'beside'],
      ['e3', 1000, 100, 'agent'],
    ]);
    expect(picture.spanMs).toBe(1100);
    expect(sessionRuns(lines, 'nobody')).toBeUndefined();
  });
});
