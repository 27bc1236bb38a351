// The dispatcher with a real inbox, history and scheduler: a run that fails inside the daemon
// (not in the hook: here, its start cannot be noted in the attempts journal) is tried again, and runs once.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Inbox } from '../../../src/inbox/inbox.js';
import { serializeRecord } from '../../../src/inbox/record-format.js';
import { Dispatcher } from '../../../src/daemon/pipeline/dispatch.js';
import { History } from '../../../src/history/history.js';
import { recordHistory } from '../../../src/history/record-history.js';
import { RunBus } from '../../../src/runs/run-bus.js';
import { givenSource } from '../../../src/clients/find-sources.js';
import { LiveConfig } from '../../../src/settings/live-config.js';
import { Scheduler } from '../../../src/daemon/pipeline/scheduler.js';
import { cleanupTempDirs, tempDir } from '../../helpers/temp-dir.js';
import { waitFor } from '../../helpers/wait-for.js';

afterEach(cleanupTempDirs);

describe('Dispatcher', () => {
  it('tries a record again when its run fails inside the daemon, and runs it once', async () => {
    const state = tempDir();
    const out = path.join(tempDir(), 'ran');
    let log = '';
    const logger = pino({ level: 'debug' }, new Writable({ write: (chunk, _e, done) => ((log += chunk), done()) }));
    const inbox = new Inbox(state);
    inbox.open();
    const key = '00000000000000000001-test';
    writeFileSync(
      path.join(inbox.dirs.cur, key),
      serializeRecord({
        command: `echo ran >> ${out}`,
        clientEnv: {},
        payload: Buffer.from('{"session_id":"s","hook_event_name":"Stop"}'),
      }),
    );
    // A directory where the attempts journal goes: noting the run fails, as on a full disk.
    inbox.close();
    rmSync(path.join(inbox.dirs.root, 'attempts.log'));
    mkdirSync(path.join(inbox.dirs.root, 'attempts.log'));
    const history = new History(state);
    const runs = new RunBus();
    recordHistory(runs, history, logger);
    const dispatcher = new Dispatcher({
      inbox,
      runs,
      config: new LiveConfig([givenSource(path.join(state, 'no-settings.json'))], logger),
      scheduler: new Scheduler(2),
      logger,
      socket: path.join(state, 'hookd.sock'),
      interrupt: new AbortController().signal,
    });
    await dispatcher.admit({ key, attempt: 1, receivedAt: 1, takenAt: Date.now() });
    await waitFor('the failure to be logged', () => /run failed inside the daemon; trying again/.test(log));
    expect(existsSync(out)).toBe(false);
    expect(existsSync(path.join(inbox.dirs.cur, key))).toBe(true);
    rmdirSync(path.join(inbox.dirs.root, 'attempts.log'));
    await waitFor('the retry to run the hook', () => existsSync(out) && history.latest(1)[0]?.outcome === 'ok', 10_000);
    expect(readFileSync(out, 'utf8')).toBe('ran\n');
    expect(existsSync(path.join(inbox.dirs.cur, key))).toBe(false);
  });
});
