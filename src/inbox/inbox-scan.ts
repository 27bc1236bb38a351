// Reading the inbox's folders: which records are committed and not yet claimed, oldest first, and
// which were abandoned by a bridge that died before committing them. Only inbox.ts uses these.
import { readdirSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { InboxDirs } from './inbox-dirs.js';

/** A record in tmp/ and when it arrived (its file's modification time). */
export interface Arrival {
  id: string;
  arrivedNs: bigint;
}

/** Run a file operation; a file that is already gone is not an error. */
export function unlessMissing<T>(operation: () => T): T | undefined {
  try {
    return operation();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The names in `dir`, without dot files; none when it is missing. */
export function names(dir: string): string[] {
  return (unlessMissing(() => readdirSync(dir)) ?? []).filter((name) => !name.startsWith('.'));
}

const byArrival = (a: Arrival, b: Arrival) => (a.arrivedNs < b.arrivedNs ? -1 : a.arrivedNs > b.arrivedNs ? 1 : 0);

/**
 * Committed records not yet claimed, oldest first. `known` caches arrival times between calls,
 * so a long backlog is not stat'ed again on every scan.
 */
export function committedRecords(dirs: InboxDirs, known: Map<string, bigint>): Arrival[] {
  const found: Arrival[] = [];
  for (const id of names(dirs.new)) {
    let arrivedNs = known.get(id);
    if (arrivedNs === undefined) {
      arrivedNs = unlessMissing(() => statSync(path.join(dirs.tmp, id), { bigint: true }).mtimeNs);
      // A marker without data: the daemon claimed it and stopped before removing the marker.
      if (arrivedNs === undefined) {
        unlessMissing(() => unlinkSync(path.join(dirs.new, id)));
        continue;
      }
      known.set(id, arrivedNs);
    }
    found.push({ id, arrivedNs });
  }
  return found.sort(byArrival);
}

/** Records in tmp/ never committed and not written to for `ageMs`: their bridge died. */
export function abandonedRecords(dirs: InboxDirs, ageMs: number): Arrival[] {
  const committed = new Set(names(dirs.new));
  const found: Arrival[] = [];
  for (const id of names(dirs.tmp)) {
    if (committed.has(id)) continue;
    const info = unlessMissing(() => statSync(path.join(dirs.tmp, id), { bigint: true }));
    if (info && Date.now() - Number(info.mtimeMs) > ageMs) found.push({ id, arrivedNs: info.mtimeNs });
  }
  return found.sort(byArrival);
}
