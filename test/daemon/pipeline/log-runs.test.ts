// The log reads the outcome table, never names an outcome (issue 34): "hook finished" only for an
// outcome a run produced, the row's own words for one the record's check produced. A new outcome
// that no hook produced cannot log "hook finished" unless its row says a hook ran.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logRuns } from '../../../src/daemon/pipeline/log-runs.js';
import { createLogger } from '../../../src/common/logger.js';
import { OUTCOMES, outcomesProducedBy, type OutcomeName } from '../../../src/runs/outcome.js';
import { RunBus } from '../../../src/runs/run-bus.js';

const RUN_STATUSES = ['ok', 'failed', 'timed_out', 'spawn_error', 'interrupted'];

async function logged(outcome: OutcomeName, detail?: string): Promise<{ msg: string; reason?: string }> {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) });
  const runs = new RunBus();
  logRuns(runs, createLogger(sink, 'info'));
  await runs.publish('finished', {
    eventId: 'e1',
    event: 'Stop',
    sessionId: 's',
    command: 'true',
    attempt: 1,
    receivedAt: 0,
    takenAt: 0,
    endedAt: 1,
    outcome,
    ...(detail !== undefined && { detail }),
  });
  await new Promise((resolve) => setImmediate(resolve));
  return JSON.parse(lines.join('').trim().split('\n').at(-1)!);
}

describe('the outcome table’s word on where an outcome comes from', () => {
  it('has every run status produced by a run, and every other outcome by the check, with words for the log', () => {
    expect(outcomesProducedBy('run').sort()).toEqual([...RUN_STATUSES].sort());
    for (const name of outcomesProducedBy('check'))
      expect([OUTCOMES[name].ran, typeof OUTCOMES[name].says]).toEqual([false, 'string']);
    for (const name of outcomesProducedBy('run')) expect(OUTCOMES[name].ran).toBe(true);
  });

  it('logs "hook finished" for a run, and the table’s words (with the reason) for a record no hook ran', async () => {
    expect((await logged('timed_out')).msg).toBe('hook finished');
    expect(await logged('rejected', 'not JSON')).toMatchObject({
      msg: 'event rejected; kept in the inbox rejected/ folder',
      reason: 'not JSON',
    });
    expect((await logged('duplicate')).msg).toMatch(/^same event delivered twice within \d+ s; ran it once$/);
  });
});
