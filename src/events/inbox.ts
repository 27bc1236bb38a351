// The daemon's side of the inbox: find committed records, claim them into cur/ under a name that
// sorts by arrival, read them, and finish them (delete) or reject them (keep, with the reason).
// See inbox-dirs.ts for the folders and record-format.ts for the file.
import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureInboxDirs, inboxDirs, type InboxDirs } from './inbox-dirs.js';
import { parseRecord, type RecordContent } from './record-format.js';

export interface ClaimedRecord extends RecordContent {
  /** The record's name in cur/: `<arrival ns>-<bridge id>`; also its event id. */
  key: string;
  /** When the bridge finished writing it (ms since epoch). */
  receivedAt: number;
}

const ignoreMissing = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
};

async function names(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => !name.startsWith('.'));
  } catch (error) {
    ignoreMissing(error);
    return [];
  }
}

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
   * Ids of committed records not yet claimed, oldest first, with their arrival time. `known` caches
   * arrival times between calls, so a long backlog is not stat'ed again on every scan.
   */
  async committed(known: Map<string, bigint> = new Map()): Promise<Array<{ id: string; arrivedNs: bigint }>> {
    const found: Array<{ id: string; arrivedNs: bigint }> = [];
    for (const id of await names(this.dirs.new)) {
      let arrivedNs = known.get(id);
      if (arrivedNs === undefined) {
        try {
          arrivedNs = (await stat(path.join(this.dirs.tmp, id), { bigint: true })).mtimeNs;
          known.set(id, arrivedNs);
        } catch (error) {
          ignoreMissing(error);
          // A marker without data: the daemon claimed it and stopped before removing the marker.
          await unlink(path.join(this.dirs.new, id)).catch(ignoreMissing);
          continue;
        }
      }
      found.push({ id, arrivedNs });
    }
    return found.sort((a, b) => (a.arrivedNs < b.arrivedNs ? -1 : a.arrivedNs > b.arrivedNs ? 1 : 0));
  }

  /** Records in tmp/ that were never committed and have not been written to for `ageMs`: their bridge died. */
  async abandoned(ageMs: number): Promise<Array<{ id: string; arrivedNs: bigint }>> {
    const committed = new Set(await names(this.dirs.new));
    const found: Array<{ id: string; arrivedNs: bigint }> = [];
    for (const id of await names(this.dirs.tmp)) {
      if (committed.has(id)) continue;
      const info = await stat(path.join(this.dirs.tmp, id), { bigint: true }).catch(() => undefined);
      if (info && Date.now() - Number(info.mtimeMs) > ageMs) found.push({ id, arrivedNs: info.mtimeNs });
    }
    return found;
  }

  /** Move a record from tmp/ to cur/ and drop its marker; returns its key, or undefined if it is gone. */
  async claim(id: string, arrivedNs: bigint): Promise<string | undefined> {
    const key = `${arrivedNs.toString().padStart(20, '0')}-${id}`;
    try {
      await rename(path.join(this.dirs.tmp, id), path.join(this.dirs.cur, key));
    } catch (error) {
      ignoreMissing(error);
      return undefined;
    }
    await unlink(path.join(this.dirs.new, id)).catch(ignoreMissing);
    return key;
  }

  /** Keys in cur/: claimed by a daemon that stopped before finishing them. Oldest first. */
  async claimed(): Promise<string[]> {
    return (await names(this.dirs.cur)).filter((name) => !name.endsWith('.attempt')).sort();
  }

  /** Read a claimed record. */
  async read(key: string): Promise<{ ok: true; record: ClaimedRecord } | { ok: false; reason: string }> {
    const bytes = await readFile(path.join(this.dirs.cur, key));
    const parsed = parseRecord(bytes);
    if (!parsed.ok) return parsed;
    const receivedAt = Number(BigInt(key.slice(0, key.indexOf('-'))) / 1_000_000n);
    return { ok: true, record: { ...parsed.content, key, receivedAt } };
  }

  /** Runs already started for a claimed record (0 when it was claimed but never started). */
  async startedAttempts(key: string): Promise<number> {
    const text = await readFile(path.join(this.dirs.cur, `${key}.attempt`), 'utf8').catch(() => '0');
    return Number.parseInt(text, 10) || 0;
  }

  /** Note that run number `attempt` starts now, so a crash during it leads to a retry that knows. */
  async noteAttempt(key: string, attempt: number): Promise<void> {
    await writeFile(path.join(this.dirs.cur, `${key}.attempt`), String(attempt), { mode: 0o600 });
  }

  /** The record ran and its outcome is recorded: delete it. */
  async complete(key: string): Promise<void> {
    await unlink(path.join(this.dirs.cur, key)).catch(ignoreMissing);
    await unlink(path.join(this.dirs.cur, `${key}.attempt`)).catch(ignoreMissing);
  }

  /** Keep a record that cannot run in rejected/, beside a file saying why. */
  async reject(key: string, reason: string): Promise<void> {
    await writeFile(path.join(this.dirs.rejected, `${key}.reason`), `${reason}\n`, { mode: 0o600 });
    await rename(path.join(this.dirs.cur, key), path.join(this.dirs.rejected, key)).catch(ignoreMissing);
    await unlink(path.join(this.dirs.cur, `${key}.attempt`)).catch(ignoreMissing);
  }

  /** How many events wait: committed and claimed but not finished. */
  async waiting(): Promise<number> {
    return (await names(this.dirs.new)).length + (await this.claimed()).length;
  }
}
