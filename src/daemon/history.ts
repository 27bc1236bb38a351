// Every outcome is one JSON line in <state>/history.jsonl, rotated by size; the most recent
// ones are also kept in memory for GET /events and `hookd status`.
import { appendFile, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { OutcomeStatus } from '../runner/run-hook.js';

export type HistoryOutcome = OutcomeStatus | 'rejected' | 'duplicate';

export interface HistoryEntry {
  time: string;
  eventId: string;
  event: string;
  session: string;
  command: string;
  outcome: HistoryOutcome;
  attempt: number;
  exitCode?: number | null;
  signal?: string | null;
  durationMs?: number;
  stdout?: string;
  stderr?: string;
  truncated?: boolean;
  detail?: string;
}

const MAX_BYTES = 5 * 1024 * 1024;
const KEPT_IN_MEMORY = 200;

/** The first lines of a hook's output, enough to see what happened. */
export function headOf(text: string, lines = 5, chars = 1000): string {
  return text.split('\n').slice(0, lines).join('\n').slice(0, chars);
}

/** The history file and its recent tail. */
export class History {
  readonly file: string;
  private readonly recent: HistoryEntry[] = [];
  readonly counts: Record<string, number> = {};
  private size = 0;
  // Appends are chained so lines never interleave and rotation never races a write.
  private writing: Promise<void> = Promise.resolve();

  constructor(stateDir: string, private readonly maxBytes = MAX_BYTES) {
    this.file = path.join(stateDir, 'history.jsonl');
  }

  /** Load the tail of the existing file, so `hookd status` after a restart still shows recent outcomes. */
  async open(): Promise<void> {
    const text = await readFile(this.file, 'utf8').catch(() => '');
    this.size = Buffer.byteLength(text);
    for (const line of text.split('\n').slice(-KEPT_IN_MEMORY - 1)) {
      try {
        if (line) this.remember(JSON.parse(line) as HistoryEntry);
      } catch {
        // A line cut by a crash is skipped; the rest of the history stands.
      }
    }
    for (const key of Object.keys(this.counts)) delete this.counts[key];
  }

  private remember(entry: HistoryEntry): void {
    this.recent.push(entry);
    if (this.recent.length > KEPT_IN_MEMORY) this.recent.shift();
  }

  /** Record one outcome; resolves once the line is on disk. */
  record(entry: HistoryEntry): Promise<void> {
    this.remember(entry);
    this.counts[entry.outcome] = (this.counts[entry.outcome] ?? 0) + 1;
    const line = `${JSON.stringify(entry)}\n`;
    this.writing = this.writing.catch(() => undefined).then(async () => {
      if (this.size + line.length > this.maxBytes && this.size > 0) {
        await rename(this.file, `${this.file}.1`).catch(() => undefined);
        this.size = 0;
      }
      await appendFile(this.file, line, { mode: 0o600 });
      this.size += Buffer.byteLength(line);
    });
    return this.writing;
  }

  /** Resolves when every recorded line is on disk. */
  flush(): Promise<void> {
    return this.writing.catch(() => undefined);
  }

  /** The last `limit` outcomes, newest first. */
  latest(limit: number): HistoryEntry[] {
    return this.recent.slice(-limit).reverse();
  }
}
