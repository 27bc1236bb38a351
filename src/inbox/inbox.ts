// The inbox store: the daemon's side of the inbox, and the one owner of its rule that cur/ and
// the attempts journal agree. Records arrive (committed in new/ by write-record.ts, the one writer,
// heard by inbox-watch.ts), are claimed into cur/ under a name that sorts by arrival, begin
// attempts (noted in the journal before the hook starts), and are settled once by their outcome:
// deleted, kept to run again, or rejected (kept, with the reason); done or rejected, the journal
// forgets them. See inbox-dirs.ts for the folders, record-format.ts for the file, inbox-scan.ts
// and read-record.ts for the reading.
//
// Synchronous file work on purpose: every call touches one tiny file or one directory, and an async
// call costs a thread-pool round trip that, per event, outweighs the work itself (bench/bridge.mjs).
import { existsSync, renameSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { ensureInboxDirs, inboxDirs, type InboxDirs } from './inbox-dirs.js';
import { readRecordFile, type ReadResult } from './read-record.js';
import { abandonedRecords, committedRecords, names, unlessMissing, type Arrival } from './inbox-scan.js';
import { AttemptJournal } from './attempt-journal.js';
import { RejectedShelf } from './rejected-shelf.js';
import type { HookHandle } from '../executor/executor.js';

export type { Arrival } from './inbox-scan.js';

/** A record claimed into cur/, ready to run. Times are ms since the epoch. */
export interface Claim {
  /** The record's name in cur/: `<arrival ns>-<bridge id>`; also its event id. */
  key: string;
  /** The run this would be: 1, or one more than the runs a previous daemon started. */
  attempt: number;
  /** When the bridge finished writing it. */
  receivedAt: number;
  /** When the daemon took it. */
  takenAt: number;
}

/** What becomes of a claimed record once its outcome is known (Inbox.settle). */
export type Settlement = 'done' | 'again' | { rejected: string };

const keyOf = ({ id, arrivedNs }: Arrival) => `${arrivedNs.toString().padStart(20, '0')}-${id}`;

/** The inbox of one state directory. */
export class Inbox {
  readonly dirs: InboxDirs;
  private journal: AttemptJournal | undefined;
  private readonly shelf: RejectedShelf;

  constructor(stateDir: string) {
    this.dirs = inboxDirs(stateDir);
    this.shelf = new RejectedShelf(this.dirs.rejected);
  }

  /** Create the folders, private to the user. */
  ensure(): void {
    ensureInboxDirs(this.dirs);
  }

  /** Open the inbox for its daemon: create the folders and read what a previous daemon noted of the records it left in cur/. */
  open(): void {
    this.ensure();
    this.journal = new AttemptJournal(this.dirs.root);
    this.journal.open(names(this.dirs.cur));
  }

  close(): void {
    this.journal?.close();
  }

  /**
   * Recreate whatever of the inbox was deleted under the daemon (`rm -r inbox/cur`); the names of
   * what it had to make, none when all was there. The records a deleted folder held are gone.
   */
  repair(): string[] {
    const journal = path.join(this.dirs.root, 'attempts.log');
    const missing = [
      this.dirs.root,
      this.dirs.tmp,
      this.dirs.new,
      this.dirs.cur,
      this.dirs.rejected,
      ...(this.journal ? [journal] : []),
    ].filter((file) => !existsSync(file));
    if (missing.length === 0) return [];
    this.ensure();
    // Its file went with inbox/: written again from what the daemon holds.
    if (missing.includes(journal)) this.journal?.compact();
    return missing.map((file) => path.relative(path.dirname(this.dirs.root), file));
  }

  /** The handles of hooks a previous daemon started and did not see end, with their records. */
  leftoverHandles(): Array<{ key: string; handle: HookHandle }> {
    return this.journal?.handles() ?? [];
  }

  /** The hook `handle` of `key` is over (its run ended, or a leftover was ended): a crash from now on need not end it. */
  handleEnded(key: string, handle: HookHandle): void {
    this.journal?.ended(key, handle);
  }

  /** Records a previous daemon claimed and did not finish, oldest first, each with the attempt it is at. */
  unfinished(): Claim[] {
    const now = Date.now();
    return names(this.dirs.cur)
      .sort()
      .map((key) => {
        // The arrival time is the key's prefix; a name not made by claim() (put there by hand) has none.
        const ns = /^(\d+)-/.exec(key)?.[1];
        return {
          key,
          attempt: (this.journal?.startedRuns(key) ?? 0) + 1,
          receivedAt: ns === undefined ? now : Number(BigInt(ns) / 1_000_000n),
          takenAt: now,
        };
      });
  }

  /** Committed records not yet claimed, oldest first; `known` caches their arrival times between calls. */
  arrivals(known: Map<string, bigint> = new Map()): Arrival[] {
    return committedRecords(this.dirs, known);
  }

  /** Records in tmp/ never committed and untouched for `ageMs`: their bridge died. */
  abandoned(ageMs: number): Arrival[] {
    return abandonedRecords(this.dirs, ageMs);
  }

  /**
   * Move records from tmp/ to cur/ and drop their markers; a record already gone is left out, and
   * one that cannot be moved (its error goes to `failed`) stays where it is for a later scan.
   */
  claim(arrivals: readonly Arrival[], failed: (arrival: Arrival, error: Error) => void): Claim[] {
    const takenAt = Date.now();
    const claims: Claim[] = [];
    for (const arrival of arrivals) {
      const key = keyOf(arrival);
      try {
        const moved = unlessMissing(() => {
          renameSync(path.join(this.dirs.tmp, arrival.id), path.join(this.dirs.cur, key));
          return true;
        });
        // Gone from tmp/: taken already, unless a claim cut short by a crash moved it and kept the marker.
        if (!moved && !existsSync(path.join(this.dirs.cur, key))) continue;
        unlessMissing(() => unlinkSync(path.join(this.dirs.new, arrival.id)));
        claims.push({ key, attempt: 1, receivedAt: Number(arrival.arrivedNs / 1_000_000n), takenAt });
      } catch (error) {
        failed(arrival, error as Error);
      }
    }
    return claims;
  }

  /** Read a claimed record (read-record.ts), or say why it cannot be read. */
  read(key: string): ReadResult {
    try {
      return readRecordFile(path.join(this.dirs.cur, key));
    } catch (error) {
      return { ok: false, reason: `cannot read the record: ${(error as Error).message}` };
    }
  }

  /**
   * Note that run `attempt` of `key` starts as the hook `handle` names (the executor's), before the
   * hook may go on: a crash from then on counts the run, and the next daemon asks the executor to end
   * it before running the record again. Throws when the note cannot be written (a full disk). Not batched: a note is one write on
   * an open file, and waiting for the turn's other notes would hold every spawn back a turn.
   */
  beginAttempt(key: string, attempt: number, handle?: HookHandle): void {
    if (!this.journal) throw new Error('the inbox is not open for a daemon');
    this.journal.note(key, attempt, handle);
  }

  /**
   * Settle claimed record `key` by its outcome, which `record` records (the history's line): the
   * record's one end, for every way it ends. `done`: deleted once its outcome is recorded, so that
   * each event runs at least once; `again`: kept in cur/ to run again at the next start (a run cut
   * short by the daemon stopping); `rejected`: moved to rejected/ with the reason (bounded:
   * rejected-shelf.ts) before its outcome is recorded, so that a move that fails (a full disk)
   * leaves it in cur/ with no outcome, tried again at the next start rather than recorded twice.
   * Throws (and records nothing) when it cannot be set aside.
   */
  async settle(key: string, settlement: Settlement, record: () => Promise<void>): Promise<void> {
    // Done with or set aside, a record's runs no longer count (the journal forgets it).
    if (typeof settlement === 'object') {
      this.shelf.put(path.join(this.dirs.cur, key), key, settlement.rejected);
      this.journal?.forget(key);
    }
    await record();
    if (settlement !== 'done') return;
    unlessMissing(() => unlinkSync(path.join(this.dirs.cur, key)));
    this.journal?.forget(key);
  }

  /** How many events wait: committed, or claimed but not finished. */
  waiting(): number {
    return names(this.dirs.new).length + names(this.dirs.cur).length;
  }
}
