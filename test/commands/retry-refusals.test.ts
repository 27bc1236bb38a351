// `hookd retry` exited 1 on every refusal of the daemon, bad input included: the daemon names each
// refusal by its code in the error catalogue (code -> status -> exit), and retry now exits as that
// code says, like `hookd history`: an id that ends several runs' ids is bad input (exit 2), a run
// that did not fail or no such run a check that did not hold (exit 1). Nothing runs again.
import { afterEach, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { History, type HistoryEntry } from '../../src/history/history.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const retry = (daemon: TestDaemon, id: string) => runHookdWithEnv(['retry', id], daemon.env);

// Two runs a previous daemon recorded, their ids ending alike (two bridges of one pid, years apart).
const recorded = (eventId: string, outcome: HistoryEntry['outcome']): HistoryEntry => ({
  time: new Date().toISOString(),
  eventId,
  event: 'Stop',
  session: 's',
  command: 'true',
  outcome,
  attempt: 1,
});

describe('hookd retry exits as the daemon’s refusal code says', () => {
  it('an ambiguous id is bad input (exit 2); a run that did not fail, or none, exits 1; nothing runs', async () => {
    const daemon = testDaemon();
    const history = new History(daemon.stateDir);
    history.open();
    history.record(recorded('00000001700000000000-4242', 'failed'));
    history.record(recorded('00000001700000000009-4242', 'ok'));
    await daemon.start();

    const ambiguous = await retry(daemon, '4242');
    expect(ambiguous).toMatchObject({ exitCode: 2, stdout: '' });
    expect(ambiguous.stderr).toMatch(/^hookd: "4242" ends the ids of 2 runs \(.*\); give more of the id$/);

    const notFailed = await retry(daemon, '00000001700000000009-4242');
    expect(notFailed).toMatchObject({ exitCode: 1, stdout: '' });
    expect(notFailed.stderr).toBe(
      'hookd: run 00000001700000000009-4242 did not fail (ok); only a failed run can be retried',
    );

    const unknown = await retry(daemon, 'no-such-run');
    expect(unknown).toMatchObject({ exitCode: 1, stdout: '' });
    expect(unknown.stderr).toBe(
      'hookd: no run "no-such-run" in the history (hookd history lists the runs and their ids)',
    );

    // The failed one's payload was never kept here: gone (410), a check that did not hold.
    const gone = await retry(daemon, '00000001700000000000-4242');
    expect(gone).toMatchObject({ exitCode: 1, stdout: '' });
    expect(gone.stderr).toMatch(/^hookd: the payload of run 00000001700000000000-4242 is no longer kept/);

    expect(daemon.history()).toHaveLength(2);
  });
});
