// Every outcome is one JSON line in <state>/history.jsonl, rotated by size; the newest are also in
// memory (output cut to its first lines) for GET /events, GET /runs and `hookd status`. What a line
// holds: record-history.ts; reading the files back: history-file.ts.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { batchPerTick } from '../common/batch-per-tick.js';
import { HookdError } from '../common/errors.js';
import { meaningOf } from '../runs/outcome.js';
import { boundedEntry, isRun, light } from './history-entry.js';
import type { HistoryEntry } from '../runs/history-line.js';
import { addCounts, count, newestFirst, readBaseCounts, writeBaseCounts, type Counts } from './history-file.js';
import { matches, type RunFilter } from './run-filter.js';

export type { HistoryEntry } from '../runs/history-line.js';

const MAX_BYTES = 5 * 1024 * 1024;
const KEPT_IN_MEMORY = 200;

/**
 * The history file and its recent tail. Writes are synchronous: a synchronous append cannot
 * interleave with another or race the rotation. `append` gathers the lines of one turn of the
 * event loop into one such write.
 */
export class History {
  readonly file: string;
  private readonly countsFile: string;
  private readonly recent: HistoryEntry[] = [];
  // Counts of the lines rotated away (persisted), and of the current file's lines.
  private baseCounts: Counts = {};
  private fileCounts: Counts = {};
  private size = 0;
  // Memory holds every entry of the files (a young history): listings need not read them.
  private whole = true;

  /** Queue one outcome; resolves once its line is on disk with the others of this turn (rejects if that write failed). */
  readonly append: (entry: HistoryEntry) => Promise<void> = batchPerTick((entries) => this.write(entries));

  constructor(
    stateDir: string,
    private readonly maxBytes = MAX_BYTES,
  ) {
    this.file = path.join(stateDir, 'history.jsonl');
    this.countsFile = path.join(stateDir, 'history-counts.json');
  }

  /** Counts by outcome of every run recorded in this state directory (the doctor's probes left out); they survive restarts and rotations. */
  get counts(): Counts {
    return addCounts(this.baseCounts, this.fileCounts);
  }

  /** Load the existing file: its counts, and its tail, so `hookd status` after a restart still shows recent outcomes. */
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
    this.baseCounts = readBaseCounts(this.countsFile);
    this.whole = !existsSync(`${this.file}.1`);
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      try {
        if (!line) return;
        const entry = JSON.parse(line) as HistoryEntry;
        count(this.fileCounts, entry);
        if (i >= lines.length - KEPT_IN_MEMORY - 1) this.remember(entry);
      } catch {
        // A line cut by a crash is skipped; the rest of the history stands.
      }
    });
  }

  private remember(entry: HistoryEntry): void {
    this.recent.push(light(entry));
    if (this.recent.length > KEPT_IN_MEMORY) {
      this.recent.shift();
      this.whole = false;
    }
  }

  /** Record one outcome; it is on disk when this returns (or this throws). */
  record(entry: HistoryEntry): void {
    this.write([entry]);
  }

  // Remember the entries (even when the disk refuses them, the daemon's view stays right), then append their lines at once.
  private write(given: readonly HistoryEntry[]): void {
    const entries = given.map((entry) => boundedEntry(entry));
    for (const entry of entries) {
      this.remember(entry);
    }
    const text = entries.map((entry) => `${JSON.stringify(entry)}\n`).join('');
    const bytes = Buffer.byteLength(text);
    if (this.size + bytes > this.maxBytes && this.size > 0) this.rotate();
    for (const entry of entries) count(this.fileCounts, entry);
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

  // The current file becomes history.jsonl.1; its counts join the persisted ones first, so none is lost.
  private rotate(): void {
    this.baseCounts = addCounts(this.baseCounts, this.fileCounts);
    this.fileCounts = {};
    try {
      writeBaseCounts(this.countsFile, this.baseCounts);
      renameSync(this.file, `${this.file}.1`);
    } catch {
      // Nothing to rotate (the file was removed): start afresh.
    }
    this.size = 0;
  }

  /** The last `limit` outcomes, newest first (output cut to its first lines); without the doctor's probes when `probes` is false. */
  latest(limit: number, probes = true): HistoryEntry[] {
    const kept = probes ? this.recent : this.recent.filter((entry) => !entry.probe);
    return kept.slice(-limit).reverse();
  }

  /** The last `limit` failed runs in memory, newest first, the doctor's probes left out. */
  lastFailures(limit: number): HistoryEntry[] {
    return this.latest(KEPT_IN_MEMORY, false)
      .filter((entry) => meaningOf(entry.outcome).failed)
      .slice(0, limit);
  }

  /** Up to `limit` outcomes that pass `filter`, newest first: from memory when it holds enough, else from the files. */
  search(filter: RunFilter, limit: number): HistoryEntry[] {
    const found = this.latest(KEPT_IN_MEMORY).filter((entry) => matches(entry, filter));
    if (found.length >= limit || this.whole) return found.slice(0, limit);
    const all: HistoryEntry[] = [];
    for (const entry of newestFirst(this.file)) {
      if (!matches(entry, filter)) continue;
      all.push(light(entry));
      if (all.length >= limit) break;
    }
    return all;
  }

  /**
   * Every attempt of run `id` (its event id, or a unique end of it), oldest first, output whole;
   * empty when unknown. An end that several runs' ids share is refused (HookdError EAMBIGUOUS):
   * taking the newest would act on a run the user may not have meant.
   */
  find(id: string): HistoryEntry[] {
    const runs = new Map<string, HistoryEntry[]>();
    for (const entry of newestFirst(this.file, (line) => line.includes(id))) {
      if (isRun(entry, id)) runs.set(entry.eventId, [entry, ...(runs.get(entry.eventId) ?? [])]);
    }
    const exact = runs.get(id);
    if (exact) return exact;
    if (runs.size > 1) {
      const ids = [...runs.keys()];
      throw new HookdError(
        'EAMBIGUOUS',
        `${JSON.stringify(id)} ends the ids of ${ids.length} runs (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''}); give more of the id`,
      );
    }
    const attempts = [...runs.values()][0] ?? [];
    if (attempts.length > 0) return attempts;
    // Not on disk (a full disk refused it): memory may still have it.
    const last = this.recent.findLast((entry) => isRun(entry, id));
    return last ? this.recent.filter((entry) => entry.eventId === last.eventId) : [];
  }
}
