// Every outcome is one JSON line in <state>/history.jsonl, rotated by size; the most recent
// ones are also kept in memory for GET /events and `hookd status`. record-history.ts says what
// a line holds and subscribes the history to finished runs.
import { appendFileSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { batchPerTick } from '../common/batch-per-tick.js';
import type { OutcomeName } from '../runner/outcome.js';

/** One line of the history. Fields are only ever added, never renamed: readers of old files rely on them. */
export interface HistoryEntry {
  /** When the outcome was recorded (ISO 8601). */
  time: string;
  eventId: string;
  event: string;
  session: string;
  command: string;
  outcome: OutcomeName;
  attempt: number;
  exitCode?: number | null;
  signal?: string | null;
  durationMs?: number;
  stdout?: string;
  stderr?: string;
  truncated?: boolean;
  detail?: string;
  /** When the bridge wrote the record, the daemon took it, the hook started and ended (ISO 8601). */
  receivedAt?: string;
  takenAt?: string;
  startedAt?: string;
  endedAt?: string;
}

const MAX_BYTES = 5 * 1024 * 1024;
const KEPT_IN_MEMORY = 200;

/**
 * The history file and its recent tail. Writes are synchronous: a synchronous append cannot
 * interleave with another or race the rotation. `append` gathers the lines of one turn of the
 * event loop into one such write.
 */
export class History {
  readonly file: string;
  private readonly recent: HistoryEntry[] = [];
  readonly counts: Record<string, number> = {};
  private size = 0;

  /** Queue one outcome; resolves once its line is on disk with the others of this turn (rejects if that write failed). */
  readonly append: (entry: HistoryEntry) => Promise<void> = batchPerTick((entries) => this.write(entries));

  constructor(stateDir: string, private readonly maxBytes = MAX_BYTES) {
    this.file = path.join(stateDir, 'history.jsonl');
  }

  /** Load the tail of the existing file, so `hookd status` after a restart still shows recent outcomes. */
  open(): void {
    let text = '';
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      // No history yet.
    }
    // A line cut by a crash must not swallow the next one.
    if (text !== '' && !text.endsWith('\n')) {
      appendFileSync(this.file, '\n');
      text += '\n';
    }
    this.size = Buffer.byteLength(text);
    for (const line of text.split('\n').slice(-KEPT_IN_MEMORY - 1)) {
      try {
        if (line) this.remember(JSON.parse(line) as HistoryEntry);
      } catch {
        // A line cut by a crash is skipped; the rest of the history stands.
      }
    }
  }

  private remember(entry: HistoryEntry): void {
    this.recent.push(entry);
    if (this.recent.length > KEPT_IN_MEMORY) this.recent.shift();
  }

  /** Record one outcome; it is on disk when this returns (or this throws). */
  record(entry: HistoryEntry): void {
    this.write([entry]);
  }

  // Remember the entries (even when the disk refuses them, the daemon's view stays right), then append their lines at once.
  private write(entries: readonly HistoryEntry[]): void {
    for (const entry of entries) {
      this.remember(entry);
      this.counts[entry.outcome] = (this.counts[entry.outcome] ?? 0) + 1;
    }
    const text = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    const bytes = Buffer.byteLength(text);
    if (this.size + bytes > this.maxBytes && this.size > 0) {
      try {
        renameSync(this.file, `${this.file}.1`);
      } catch {
        // Nothing to rotate (the file was removed): start afresh.
      }
      this.size = 0;
    }
    try {
      appendFileSync(this.file, text, { mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The state directory was deleted under the daemon: make it again and go on.
      mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      appendFileSync(this.file, text, { mode: 0o600 });
    }
    this.size += bytes;
  }

  /** The last `limit` outcomes, newest first. */
  latest(limit: number): HistoryEntry[] {
    return this.recent.slice(-limit).reverse();
  }
}
