// The inbox store keeps cur/ and the attempts journal in step: claim, begin an attempt, finish,
// reject, and what a daemon that starts after a crash finds.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
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
    const claims = inbox.claim(inbox.arrivals(), (arrival, error) => expect.unreachable(`${arrival.id}: ${error.message}`));
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

  it('after a crash, counts the attempts that began and forgets the records that finished or were rejected', () => {
    const state = tempDir();
    const first = new Inbox(state);
    first.open();
    for (const [i, id] of ['ran', 'queued', 'done', 'bad'].entries()) commit(first, id, 1000 + i);
    const [ran, queued, done, bad] = first.claim(first.arrivals(), (arrival, error) => expect.unreachable(`${arrival.id}: ${error.message}`));
    first.beginAttempt(ran!.key, 1);
    first.beginAttempt(done!.key, 1);
    first.finish(done!.key);
    first.reject(bad!.key, 'no good');
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
});
