// Reading the history files back: the lines of history.jsonl and its rotated history.jsonl.1,
// newest first, a line cut by a crash skipped; and the counts by outcome of the lines already
// rotated away (history-counts.json), so that counts survive restarts and rotations alike.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { HistoryEntry } from '../runs/history-line.js';

/** Counts by outcome. */
export type Counts = Record<string, number>;

/** The parsed lines of `file`, oldest first; a missing file is empty, a line that is not JSON (cut by a crash) is skipped. */
export function readEntries(file: string, keep: (line: string) => boolean = () => true): HistoryEntry[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const entries: HistoryEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line || !keep(line)) continue;
    try {
      entries.push(JSON.parse(line) as HistoryEntry);
    } catch {
      // Cut by a crash: the rest of the history stands.
    }
  }
  return entries;
}

/** Every entry of the current file and the rotated one, newest first. */
export function* newestFirst(file: string, keep?: (line: string) => boolean): Generator<HistoryEntry> {
  for (const name of [file, `${file}.1`]) {
    const entries = readEntries(name, keep);
    for (let i = entries.length - 1; i >= 0; i -= 1) yield entries[i] as HistoryEntry;
  }
}

/** Add one entry to `counts`; the doctor's probe runs are not counted. */
export function count(counts: Counts, entry: HistoryEntry): void {
  if (entry.probe) return;
  counts[entry.outcome] = (counts[entry.outcome] ?? 0) + 1;
}

/** The counts of the lines rotated away so far, or none. */
export function readBaseCounts(file: string): Counts {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { counts?: unknown };
    const counts: Counts = {};
    for (const [name, value] of Object.entries(parsed.counts ?? {}))
      if (Number.isSafeInteger(value)) counts[name] = value as number;
    return counts;
  } catch {
    return {};
  }
}

/** Write the counts of the lines rotated away; atomically, so a crash leaves the old counts or the new. */
export function writeBaseCounts(file: string, counts: Counts): void {
  writeFileSync(`${file}.tmp`, `${JSON.stringify({ counts })}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** `a` plus `b`, by outcome. */
export function addCounts(a: Counts, b: Counts): Counts {
  const sum: Counts = { ...a };
  for (const [name, value] of Object.entries(b)) sum[name] = (sum[name] ?? 0) + value;
  return sum;
}
