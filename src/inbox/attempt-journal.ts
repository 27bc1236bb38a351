// Which runs have started, so that a record found in cur/ after a crash knows whether it was
// running (HOOKD_ATTEMPT goes up) or only queued, and the executor's handle of each run's hook, so
// that a restarted daemon has the executor end the hooks a crash left running before it runs their
// records again. One append-only file of `<key> <attempt> <handle>` lines, kept open (a handle is
// one line of text the executor alone reads; a journal of an earlier version has `<pgid> <start>`
// there, which the POSIX executor still reads): a file created and
// deleted per event cost two of the five metadata operations each event made (bench/bridge.mjs).
// No fsync: only a crash of the daemon leaves hooks running, and the page cache outlives it.
// Compacted at start-up and whenever it grows past a limit. Private to the inbox store (inbox.ts),
// which keeps it in step with cur/.
import { closeSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { HookHandle } from '../executor/executor.js';

const COMPACT_AT_BYTES = 1024 * 1024;
// `<key> <attempt>`, and the hook's handle once it started.
const LINE = /^(.+?) (\d+)(?: (.+))?$/;

interface Runs {
  attempt: number;
  /** The handles of hooks started and not seen to end. */
  handles: HookHandle[];
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
      const [, key, attempt, handle] = LINE.exec(line) ?? [];
      const count = Number.parseInt(attempt ?? '', 10);
      if (!key || !(count > 0)) continue;
      const runs = noted.get(key) ?? { attempt: 0, handles: [] };
      runs.attempt = Math.max(runs.attempt, count);
      if (handle) runs.handles.push(handle);
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

  /** The handles of hooks started and not seen to end, with their records. */
  handles(): Array<{ key: string; handle: HookHandle }> {
    return [...this.started].flatMap(([key, runs]) => runs.handles.map((handle) => ({ key, handle })));
  }

  /** Note that run number `attempt` of `key` starts now as `handle` names. Throws when it cannot be written (a full disk). */
  note(key: string, attempt: number, handle?: HookHandle): void {
    if (handle !== undefined && /[\r\n]/.test(handle)) throw new Error('a hook handle must be one line');
    if (this.fd === undefined) this.compact();
    const line = Buffer.from(`${key} ${attempt}${handle ? ` ${handle}` : ''}\n`);
    const written = writeSync(this.fd!, line);
    if (written < line.length) {
      // Cut short (a full disk): the next note rewrites the journal whole, without this cut line.
      this.close();
      throw new Error(
        `cannot write ${path.basename(this.file)}: ${written} of ${line.length} bytes written (is the disk full?)`,
      );
    }
    this.size += line.length;
    const runs = this.started.get(key) ?? { attempt, handles: [] };
    runs.attempt = attempt;
    if (handle) runs.handles.push(handle);
    this.started.set(key, runs);
    if (this.size > COMPACT_AT_BYTES) this.compact();
  }

  /** The hook `handle` of `key`'s runs has ended: the next compaction leaves it out. */
  ended(key: string, handle: HookHandle): void {
    const runs = this.started.get(key);
    if (runs) runs.handles = runs.handles.filter((noted) => noted !== handle);
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
    const lines = [...this.started].flatMap(([key, { attempt, handles }]) =>
      handles.length === 0 ? [`${key} ${attempt}\n`] : handles.map((handle) => `${key} ${attempt} ${handle}\n`),
    );
    const text = lines.join('');
    writeFileSync(`${this.file}.tmp`, text, { mode: 0o600 });
    renameSync(`${this.file}.tmp`, this.file);
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = Buffer.byteLength(text);
  }
}
