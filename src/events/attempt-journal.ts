// Which runs have started, so that a record found in cur/ after a crash knows whether it was
// running (HOOKD_ATTEMPT goes up) or only queued. One append-only file of `<key> <attempt>` lines,
// kept open: a file created and deleted per event cost two of the five metadata operations each
// event made (bench/bridge.mjs). Compacted at start-up and whenever it grows past a limit.
// Private to the inbox store (inbox.ts), which keeps it in step with cur/.
import { closeSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

const COMPACT_AT_BYTES = 1024 * 1024;

/** The attempts journal of an inbox. */
export class AttemptJournal {
  private readonly file: string;
  private readonly started = new Map<string, number>();
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
    const noted = new Map<string, number>();
    for (const line of text.split('\n')) {
      const [key, attempt] = line.split(' ');
      const count = Number.parseInt(attempt ?? '', 10);
      // A line cut by a crash has no count: that run never got going, as far as anyone can tell.
      if (key && count > 0) noted.set(key, Math.max(count, noted.get(key) ?? 0));
    }
    for (const key of pending) {
      const count = noted.get(key);
      if (count) this.started.set(key, count);
    }
    this.compact();
  }

  /** Runs already started for `key` (0 when it never started). */
  startedRuns(key: string): number {
    return this.started.get(key) ?? 0;
  }

  /** Note that run number `attempt` of `key` starts now. Throws when it cannot be written (a full disk). */
  note(key: string, attempt: number): void {
    if (this.fd === undefined) this.compact();
    const line = Buffer.from(`${key} ${attempt}\n`);
    const written = writeSync(this.fd!, line);
    if (written < line.length) {
      // Cut short (a full disk): the next note rewrites the journal whole, without this cut line.
      this.close();
      throw new Error(`cannot write ${path.basename(this.file)}: ${written} of ${line.length} bytes written (is the disk full?)`);
    }
    this.size += line.length;
    this.started.set(key, attempt);
    if (this.size > COMPACT_AT_BYTES) this.compact();
  }

  /** The record is finished or set aside: its runs no longer matter. */
  forget(key: string): void {
    this.started.delete(key);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  // Rewrite the journal with only what still matters, atomically, and reopen it for appending.
  private compact(): void {
    this.close();
    const text = [...this.started].map(([key, attempt]) => `${key} ${attempt}\n`).join('');
    writeFileSync(`${this.file}.tmp`, text, { mode: 0o600 });
    renameSync(`${this.file}.tmp`, this.file);
    this.fd = openSync(this.file, 'a', 0o600);
    this.size = Buffer.byteLength(text);
  }
}
