// A run that fails inside the daemon is tried again a bounded number of times, further apart each
// time (issue 11 item 6: it used to be tried every 2 s for ever, logging the whole command each time).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { MAX_DAEMON_RETRIES, RetryLater } from '../../../src/daemon/pipeline/retry-later.js';

afterEach(() => void vi.useRealTimers());

describe('RetryLater', () => {
  it(`tries again ${MAX_DAEMON_RETRIES} times, waiting longer each time, then leaves the record for the next start; log lines stay short`, () => {
    vi.useFakeTimers();
    let log = '';
    const logger = pino({ level: 'debug' }, new Writable({ write: (chunk, _e, done) => ((log += chunk), done()) }));
    const retries = new RetryLater(logger);
    const info = {
      eventId: 'k',
      event: 'Stop',
      sessionId: 's',
      command: `echo ${'x'.repeat(100_000)}`,
      attempt: 1,
      receivedAt: 0,
      takenAt: 0,
    };
    const tries: number[] = [];
    const fail = () =>
      retries.failed(
        info,
        new Error('ENOSPC'),
        () => (tries.push(Date.now()), fail()),
        () => false,
      );
    const start = Date.now();
    fail();
    vi.advanceTimersByTime(60 * 60_000);
    expect(tries).toHaveLength(MAX_DAEMON_RETRIES);
    const waits = tries.map((at, i) => at - (tries[i - 1] ?? start));
    expect(waits.slice(0, 4)).toEqual([2000, 4000, 8000, 16000]);
    expect(Math.max(...waits)).toBe(60_000);
    expect(log).toMatch(/stays in the inbox until the daemon starts again/);
    expect(Math.max(...log.split('\n').map((line) => line.length))).toBeLessThan(1000);
  });
});
