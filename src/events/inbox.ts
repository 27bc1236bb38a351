// The daemon's side of the inbox: find committed records, claim them into cur/ under a name that
// sorts by arrival, read them, and finish them (delete) or reject them (keep, with the reason).
// See inbox-dirs.ts for the folders and record-format.ts for the file.
//
// Synchronous on purpose: every call touches one tiny file or one directory, and an async call
// costs a thread-pool round trip that, per event, outweighs the work itself (see bench/bridge.mjs).
import { readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_PAYLOAD_BYTES } from './parse-payload.js';
import { ensureInboxDirs, inboxDirs, type InboxDirs } from './inbox-dirs.js';
import { parseRecord, type RecordContent } from './record-format.js';

// The payload limit plus room for the command and the carried variables in the record's header.
const MAX_RECORD_BYTES = MAX_PAYLOAD_BYTES + 1024 * 1024;

export interface ClaimedRecord extends RecordContent {
  /** The record's name in cur/: `<arrival ns>-<bridge id>`; also its event id. */
  key: string;
  /** When the bridge finished writing it (ms since epoch). */
  receivedAt: number;
}

export interface Arrival {
  id: string;
  arrivedNs: bigint;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Run a file operation; a file that is already gone is not an error. */
function unlessMissing<T>(operation: () => T): T | undefined {
  try {
    return operation();
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

function names(dir: string): string[] {
  return (unlessMissing(() => readdirSync(dir)) ?? []).filter((name) => !name.startsWith('.'));
}

const byArrival = (a: Arrival, b: Arrival) => (a.arrivedNs < b.arrivedNs ? -1 : a.arrivedNs > b.arrivedNs ? 1 : 0);

/** The inbox of one state directory. */
export class Inbox {
  readonly dirs: InboxDirs;

  constructor(stateDir: string) {
    this.dirs = inboxDirs(stateDir);
  }

  ensure(): void {
    ensureInboxDirs(this.dirs);
  }

  /**
   * Committed records not yet claimed, oldest first. `known` caches arrival times between calls,
   * so a long backlog is not stat'ed again on every scan.
   */
  committed(known: Map<string, bigint> = new Map()): Arrival[] {
    const found: Arrival[] = [];
    for (const id of names(this.dirs.new)) {
      let arrivedNs = known.get(id);
      if (arrivedNs === undefined) {
        arrivedNs = unlessMissing(() => statSync(path.join(this.dirs.tmp, id), { bigint: true }).mtimeNs);
        // A marker without data: the daemon claimed it and stopped before removing the marker.
        if (arrivedNs === undefined) {
          unlessMissing(() => unlinkSync(path.join(this.dirs.new, id)));
          continue;
        }
        known.set(id, arrivedNs);
      }
      found.push({ id, arrivedNs });
    }
    return found.sort(byArrival);
  }

  /** Records in tmp/ never committed and not written to for `ageMs`: their bridge died. */
  abandoned(ageMs: number): Arrival[] {
    const committed = new Set(names(this.dirs.new));
    const found: Arrival[] = [];
    for (const id of names(this.dirs.tmp)) {
      if (committed.has(id)) continue;
      const info = unlessMissing(() => statSync(path.join(this.dirs.tmp, id), { bigint: true }));
      if (info && Date.now() - Number(info.mtimeMs) > ageMs) found.push({ id, arrivedNs: info.mtimeNs });
    }
    return found.sort(byArrival);
  }

  /** Move a record from tmp/ to cur/ and drop its marker; returns its key, or undefined if it is gone. */
  claim({ id, arrivedNs }: Arrival): string | undefined {
    const key = `${arrivedNs.toString().padStart(20, '0')}-${id}`;
    if (unlessMissing(() => renameSync(path.join(this.dirs.tmp, id), path.join(this.dirs.cur, key))) === undefined && !this.has(key)) {
      return undefined;
    }
    unlessMissing(() => unlinkSync(path.join(this.dirs.new, id)));
    return key;
  }

  private has(key: string): boolean {
    return unlessMissing(() => statSync(path.join(this.dirs.cur, key))) !== undefined;
  }

  /** Keys in cur/: claimed by a daemon that stopped before finishing them. Oldest first. */
  claimed(): string[] {
    return names(this.dirs.cur).sort();
  }

  /** Read a claimed record. */
  read(key: string): { ok: true; record: ClaimedRecord } | { ok: false; reason: string } {
    const file = path.join(this.dirs.cur, key);
    // The size first: a record far over the payload limit is refused without reading it into memory.
    const size = statSync(file).size;
    if (size > MAX_RECORD_BYTES) return { ok: false, reason: `the event is ${size} bytes, over the ${MAX_PAYLOAD_BYTES / 1024 / 1024} MiB limit for a payload` };
    const parsed = parseRecord(readFileSync(file));
    if (!parsed.ok) return parsed;
    const receivedAt = Number(BigInt(key.slice(0, key.indexOf('-'))) / 1_000_000n);
    return { ok: true, record: { ...parsed.content, key, receivedAt } };
  }

  /** The record ran and its outcome is recorded: delete it. */
  complete(key: string): void {
    unlessMissing(() => unlinkSync(path.join(this.dirs.cur, key)));
  }

  /** Keep a record that cannot run in rejected/, beside a file saying why. */
  reject(key: string, reason: string): void {
    writeFileSync(path.join(this.dirs.rejected, `${key}.reason`), `${reason}\n`, { mode: 0o600 });
    unlessMissing(() => renameSync(path.join(this.dirs.cur, key), path.join(this.dirs.rejected, key)));
  }

  /** How many events wait: committed and claimed but not finished. */
  waiting(): number {
    return names(this.dirs.new).length + this.claimed().length;
  }
}
