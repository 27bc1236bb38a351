// Which runs have started, so that a record found in cur/ after a crash knows whether it was
// running (HOOKD_ATTEMPT goes up) or only queued, and which process group each run's hook is, so
// that a restarted daemon ends the hooks a crash left running before it runs their records again.
// One append-only file of `<key> <attempt> <pgid> <start>` lines, kept open: a file created and
// deleted per event cost two of the five metadata operations each event made (bench/bridge.mjs).
// No fsync: only a crash of the daemon leaves hooks running, and the page cache outlives it.
// Compacted at start-up and whenever it grows past a limit. Private to the inbox store (inbox.ts),
// which keeps it in step with cur/.
import { closeSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { HookGroup } from '../os/os.js';

const COMPACT_AT_BYTES = 1024 * 1024;
// `<key> <attempt>`, and the group from this version on (`-` for a start time that is not known).
const LINE = /^(.+?) (\d+)(?: (\d+) (\d+|-))?$/;

interface Runs {
  attempt: number;
  /** The groups of runs started and not seen to end. */
  groups: HookGroup[];
}

/** The attempts journal of an inbox. */
export class AttemptJournal {
  private readonly file: string;
  private readonly started = new Map<string, Runs>();
  private fd: number | undefined;
  private size = 0;

  constructor(inboxRoot: string) {
    this.file = path.join(inboxRoot, 'attempts.log');
  }

  /** Read what a previous daemon noted, keep only the records still `pending`, and open for appending. */
  open(pending: readonly string[]): void {
    let text = '';
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      // No journal yet.
    }
    const noted = new Map<string, Runs>();
    for (const line of text.split('\n')) {
      // A line cut by a crash has no count: that run never got going, as far as anyone can tell.
      const [, key, attempt, pgid, start] = LINE.exec(line) ?? [];
      const count = Number.parseInt(attempt ?? '', 10);
      if (!key || !(count > 0)) continue;
      const runs = noted.get(key) ?? { attempt: 0, groups: [] };
      runs.attempt = Math.max(runs.attempt, count);
      if (pgid && start && Number(pgid) > 1) runs.groups.push({ pgid: Number(pgid), start });
      noted.set(key, runs);
    }
    for (const key of pending) {
      const runs = noted.get(key);
      if (runs) this.started.set(key, runs);
    }
    this.compact();
  }

  /** Runs already started for `key` (0 when it never started). */
  startedRuns(key: string): number {
    return this.started.get(key)?.attempt ?? 0;
  }

  /** The process groups of runs started and not seen to end, with their records. */
  groups(): Array<{ key: string; group: HookGroup }> {
    return [...this.started].flatMap(([key, runs]) => runs.groups.map((group) => ({ key, group })));
  }

  /** Note that run number `attempt` of `key` starts now as `group`. Throws when it cannot be written (a full disk). */
  note(key: string, attempt: number, group?: HookGroup): void {
    if (this.fd === undefined) this.compact();
    const line = Buffer.from(`${key} ${attempt}${group ? ` ${group.pgid} ${group.start}` : ''}\n`);
    const written = writeSync(this.fd!, line);
    if (written < line.length) {
      // Cut short (a full disk): the next note rewrites the journal whole, without this cut line.
      this.close();
      throw new Error(
        `cannot write ${path.basename(this.file)}: ${written} of ${line.length} bytes written (is the disk full?)`,
      );
    }
    this.size += line.length;
    const runs = this.started.get(key) ?? { attempt, groups: [] };
    runs.attempt = attempt;
    if (group) runs.groups.push(group);
    this.started.set(key, runs);
    if (this.size > COMPACT_AT_BYTES) this.compact();
  }

  /** Group `pgid` of `key`'s runs has ended: the next compaction leaves it out. */
  ended(key: string, pgid: number): void {
    const runs = this.started.get(key);
    if (runs) runs.groups = runs.groups.filter((group) => group.pgid !== pgid);
  }

  /** The record is finished or set aside: its runs no longer matter. */
  forget(key: string): void {
    this.started.delete(key);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /** Rewrite the journal with only what still matters, atomically, and reopen it for appending (also after it was deleted). */
  compact(): void {
    this.close();
    const lines = [...this.started].flatMap(([key, { attempt, groups }]) =>
      groups.length === 0
        ? [`${key} ${attempt}\n`]
        : groups.map((group) => `${key} ${attempt} ${group.pgid} ${group.start}\n`),
    );
    const text = lines.join('');
    writeFileSync(`${this.file}.tmp`, text, { mode: 0o600 });
    renameSync(`${this.file}.tmp`, this.file);
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = Buffer.byteLength(text);
  }
}
