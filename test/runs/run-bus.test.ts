// The run bus: typed subscribers, a publish that waits for the subscribers that ask it to (the
// history), one failing subscriber that stops neither the run nor the others, and a finished run
// heard with its facts, computed once for every subscriber.
import { describe, expect, it } from 'vitest';
import { RunBus, type RunFinished } from '../../src/runs/run-bus.js';

const finished: RunFinished = {
  eventId: 'e1',
  event: 'Stop',
  sessionId: 's',
  command: 'true',
  attempt: 1,
  receivedAt: 1,
  takenAt: 2,
  startedAt: 3,
  endedAt: 4,
  outcome: 'ok',
};

describe('RunBus', () => {
  it('resolves a publish once every subscriber has taken the event, and keeps going past one that fails', async () => {
    const errors: unknown[] = [];
    const events = new RunBus((error) => errors.push(error));
    const seen: string[] = [];
    let written = false;
    events.on('finished', () => {
      throw new Error('metrics broke');
    });
    events.on('finished', async (run) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      written = true;
      seen.push(`history ${run.eventId}`);
    });
    const stop = events.on('finished', (run) => void seen.push(`log ${run.outcome}`));
    await events.publish('finished', finished);
    expect(written).toBe(true);
    expect(seen).toEqual(['log ok', 'history e1']);
    expect(errors).toEqual([new Error('metrics broke')]);
    stop();
    await events.publish('finished', finished);
    expect(seen).toEqual(['log ok', 'history e1', 'history e1']);
  });

  it('gives every subscriber of `finished` the run with its facts, the same object to each', async () => {
    const events = new RunBus();
    const heard: unknown[] = [];
    events.on('finished', (run) => void heard.push(run));
    events.on('finished', (run) => void heard.push(run));
    await events.publish('finished', { ...finished, outcome: 'timed_out' });
    expect(heard[0]).toBe(heard[1]);
    expect(heard[0]).toMatchObject({
      eventId: 'e1',
      facts: { delayMs: 2, probe: false, failed: true, retriable: true, reads: 'timed out' },
    });
  });
});
