// The helpers that read one line of the history (its shape: runs/history-line.ts): its output's first
// lines, and whether it is the run a given id names.
import { tellingHead } from '../runs/outcome.js';
import type { HistoryEntry } from '../runs/history-line.js';
import { clip } from '../common/clip-text.js';

/** The most one line of the history may hold: a small part of the file, which rotates at 5 MiB. */
export const MAX_LINE_BYTES = 256 * 1024;
// What each text field keeps of a line past the bound: the output keeps most, as the runner already bounds it.
const FIELD_CHARS = 8 * 1024;

/**
 * `entry` within MAX_LINE_BYTES: past it, every long text field is cut (marked with how much).
 * A 5 MiB line (a session id of megabytes from a payload) rotated the file on its own and, with
 * the next line, pushed out the whole history before it (issue 21).
 */
export function boundedEntry(entry: HistoryEntry, maxBytes = MAX_LINE_BYTES): HistoryEntry {
  if (Buffer.byteLength(JSON.stringify(entry)) <= maxBytes) return entry;
  const cut: Record<string, unknown> = { ...entry };
  for (const [name, value] of Object.entries(entry))
    if (typeof value === 'string')
      cut[name] = clip(value, name === 'stdout' || name === 'stderr' ? FIELD_CHARS * 4 : FIELD_CHARS);
  return cut as unknown as HistoryEntry;
}

/** Whether the client waited on the run: the synchronous bridge ran it in line (its whole duration is the agent's wait). */
export const inLine = (entry: Pick<HistoryEntry, 'bridge'>) => entry.bridge === 'sync';

/** The first lines of a hook's output, enough to see what happened. */
export function headOf(text: string, lines = 5, chars = 1000): string {
  return text.split('\n').slice(0, lines).join('\n').slice(0, chars);
}

// What memory keeps of an entry: the output's first lines only, so 200 entries stay small; of
// stderr, the lines from the one that tells what went wrong (runs/outcome.ts).
export const light = (entry: HistoryEntry): HistoryEntry =>
  entry.stdout === undefined && entry.stderr === undefined
    ? entry
    : { ...entry, stdout: headOf(entry.stdout ?? ''), stderr: tellingHead(entry.stderr ?? '', 5) };

/**
 * Whether `entry` is run `id`: its full event id, or the end of it after a `-` or `.`, however short
 * (the bridge's pid, 830 say: a run the end of whose id another shares is refused by the caller).
 */
export const isRun = (entry: HistoryEntry, id: string) =>
  entry.eventId === id || (id !== '' && /[-.]$/.test(entry.eventId.slice(0, -id.length)) && entry.eventId.endsWith(id));
