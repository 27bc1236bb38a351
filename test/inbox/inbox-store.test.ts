// The inbox store keeps cur/ and the attempts journal in step: claim, begin an attempt, settle
// (done, again, rejected), and what a daemon that starts after a crash finds.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Inbox } from '../../src/inbox/inbox.js';
import { serializeRecord } from '../../src/inbox/record-format.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

function commit(inbox: Inbox, id: string, atSeconds: number): void {
  const file = path.join(inbox.dirs.tmp, id);
  writeFileSync(file, serializeRecord({ command: `echo ${id}`, clientEnv: {}, payload: Buffer.from('{}') }));
  utimesSync(file, atSeconds, atSeconds);
  writeFileSync(path.join(inbox.dirs.new, id), '');
}

describe('the inbox store', () => {
  it('claims committed records oldest first, with the time the bridge wrote them', () => {
    const inbox = new Inbox(tempDir());
    inbox.open();
    commit(inbox, 'late', 2000);
    commit(inbox, 'early', 1000);
    const claims = inbox.claim(inbox.arrivals(), (arrival, error) =>
      expect.unreachable(`${arrival.id}: ${error.message}`),
    );
    expect(claims.map((claim) => [claim.key.split('-')[1], claim.attempt, claim.receivedAt])).toEqual([
      ['early', 1, 1_000_000],
      ['late', 1, 2_000_000],
    ]);
    expect(readdirSync(inbox.dirs.new)).toEqual([]);
    expect(readdirSync(inbox.dirs.cur).sort()).toEqual(claims.map((claim) => claim.key).sort());
    const read = inbox.read(claims[0]!.key);
    expect(read.ok && read.record.command).toBe('echo early');
    inbox.close();
  });

  it('after a crash, counts the attempts that began and forgets the records that finished or were rejected', async () => {
    const state = tempDir();
    const first = new Inbox(state);
    first.open();
    for (const [i, id] of ['ran', 'queued', 'done', 'bad'].entries()) commit(first, id, 1000 + i);
    const [ran, queued, done, bad] = first.claim(first.arrivals(), (arrival, error) =>
      expect.unreachable(`${arrival.id}: ${error.message}`),
    );
    first.beginAttempt(ran!.key, 1);
    first.beginAttempt(done!.key, 1);
    await first.settle(done!.key, 'done', async () => undefined);
    await first.settle(bad!.key, { rejected: 'no good' }, async () => undefined);
    // The daemon is killed here: no close.
    const second = new Inbox(state);
    second.open();
    expect(second.unfinished().map((claim) => [claim.key, claim.attempt])).toEqual([
      [ran!.key, 2],
      [queued!.key, 1],
    ]);
    expect(readFileSync(path.join(second.dirs.root, 'attempts.log'), 'utf8')).toBe(`${ran!.key} 1\n`);
    expect(readFileSync(path.join(second.dirs.rejected, `${bad!.key}.reason`), 'utf8')).toBe('no good\n');
    expect(existsSync(path.join(second.dirs.cur, done!.key))).toBe(false);
    second.close();
  });

  it('settles a record once by its outcome: deleted after it is recorded, kept to run again, or set aside before it is recorded', async () => {
    const inbox = new Inbox(tempDir());
    inbox.open();
    for (const [i, id] of ['done', 'again', 'bad'].entries()) commit(inbox, id, 1000 + i);
    const [done, again, bad] = inbox.claim(inbox.arrivals(), (arrival, error) =>
      expect.unreachable(`${arrival.id}: ${error.message}`),
    );
    for (const claim of [done, again, bad]) inbox.beginAttempt(claim!.key, 1);
    const inCur = (key: string) => existsSync(path.join(inbox.dirs.cur, key));
    await inbox.settle(done!.key, 'done', async () => expect(inCur(done!.key)).toBe(true));
    await inbox.settle(again!.key, 'again', async () => undefined);
    await inbox.settle(bad!.key, { rejected: 'no good' }, async () =>
      expect(existsSync(path.join(inbox.dirs.rejected, bad!.key))).toBe(true),
    );
    expect(readdirSync(inbox.dirs.cur)).toEqual([again!.key]);
    inbox.close();
    const next = new Inbox(inbox.dirs.root.replace(/\/inbox$/, ''));
    next.open();
    expect(next.unfinished().map((claim) => [claim.key, claim.attempt])).toEqual([[again!.key, 2]]);
    next.close();
  });

  it('records nothing and keeps the record in cur/ when it cannot be set aside', async () => {
    const inbox = new Inbox(tempDir());
    inbox.open();
    commit(inbox, 'bad', 1000);
    const [bad] = inbox.claim(inbox.arrivals(), (arrival, error) =>
      expect.unreachable(`${arrival.id}: ${error.message}`),
    );
    rmSync(inbox.dirs.rejected, { recursive: true });
    let recorded = false;
    await expect(inbox.settle(bad!.key, { rejected: 'no good' }, async () => void (recorded = true))).rejects.toThrow(
      /ENOENT/,
    );
    expect(recorded).toBe(false);
    expect(readdirSync(inbox.dirs.cur)).toEqual([bad!.key]);
    inbox.close();
  });
});
