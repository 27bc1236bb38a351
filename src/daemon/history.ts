// Every outcome is one JSON line in <state>/history.jsonl, rotated by size; the most recent
// ones are also kept in memory for GET /events and `hookd status`.
import { appendFileSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
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

/**
 * The history file and its recent tail. Writes are synchronous: one short line per outcome, and
 * a synchronous append cannot interleave with another or race the rotation.
 */
export class History {
  readonly file: string;
  private readonly recent: HistoryEntry[] = [];
  readonly counts: Record<string, number> = {};
  private size = 0;

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
    this.remember(entry);
    this.counts[entry.outcome] = (this.counts[entry.outcome] ?? 0) + 1;
    const line = `${JSON.stringify(entry)}\n`;
    if (this.size + line.length > this.maxBytes && this.size > 0) {
      try {
        renameSync(this.file, `${this.file}.1`);
      } catch {
        // Nothing to rotate (the file was removed): start afresh.
      }
      this.size = 0;
    }
    try {
      appendFileSync(this.file, line, { mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The state directory was deleted under the daemon: make it again and go on.
      mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
      appendFileSync(this.file, line, { mode: 0o600 });
    }
    this.size += Buffer.byteLength(line);
  }

  /** The last `limit` outcomes, newest first. */
  latest(limit: number): HistoryEntry[] {
    return this.recent.slice(-limit).reverse();
  }
}
