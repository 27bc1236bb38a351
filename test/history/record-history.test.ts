// The history's side of the run bus: a finished run's line holds the facts the bus computed once
// (delivery delay, probe), and `recorded` is heard only once that line is on disk, so the run
// stream never tells the page of a run GET /runs/:id cannot find yet.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { History, type HistoryEntry } from '../../src/history/history.js';
import { recordHistory } from '../../src/history/record-history.js';
import { RunBus, type RunFinished } from '../../src/runs/run-bus.js';
import { probeRun } from '../../src/runs/probe-marker.js';
import { createLogger } from '../../src/common/logger.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

const finished = (extra: Partial<RunFinished> = {}): RunFinished => ({
  eventId: 'e1',
  event: 'Stop',
  sessionId: 's',
  command: 'true',
  attempt: 1,
  receivedAt: 1000,
  takenAt: 1010,
  startedAt: 1040,
  endedAt: 1100,
  outcome: 'ok',
  ...extra,
});

describe('recordHistory', () => {
  it('writes the line with the run’s facts, then publishes it as recorded', async () => {
    const history = new History(tempDir());
    history.open();
    const events = new RunBus();
    recordHistory(events, history, createLogger({ write: () => undefined }, 'silent'));
    const onDisk: boolean[] = [];
    const heard: HistoryEntry[] = [];
    events.on('recorded', (entry) => {
      onDisk.push(readFileSync(history.file, 'utf8').includes(`"eventId":"${entry.eventId}"`));
      heard.push(entry);
    });
    const probe = probeRun('0123456789ab');
    await events.publish('finished', finished());
    await events.publish(
      'finished',
      finished({
        eventId: 'e2',
        inline: { decided: false, decision: 'none' },
        sessionId: probe.sessionId,
        command: probe.command,
      }),
    );
    expect(onDisk).toEqual([true, true]);
    expect(heard[0]).toMatchObject({ eventId: 'e1', delayMs: 40 });
    expect(heard[0]).not.toHaveProperty('probe');
    expect(heard[1]).toMatchObject({ eventId: 'e2', probe: true, bridge: 'sync' });
    expect(heard[1]).not.toHaveProperty('delayMs');
  });
});
