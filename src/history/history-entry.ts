// What one line of the history holds, and the helpers that read an entry: its output's first
// lines, and whether it is the run a given id names.
import { tellingHead, type OutcomeName } from '../runs/outcome.js';
import { clip } from '../common/clip-text.js';

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
  /** The run time: from the hook's start to its end. */
  durationMs?: number;
  /** The delivery delay: from the bridge writing the event to the hook's start. */
  delayMs?: number;
  /** What the runner captured (the first 64 KiB of each); in memory, only the first lines. */
  stdout?: string;
  stderr?: string;
  truncated?: boolean;
  detail?: string;
  /** When the bridge wrote the record, the daemon took it, the hook started and ended (ISO 8601). */
  receivedAt?: string;
  takenAt?: string;
  startedAt?: string;
  endedAt?: string;
  /** A run of `hookd doctor`'s probe: not counted, not listed unless asked. */
  probe?: true;
  /** The id of the failed run this one retries (`hookd retry`). */
  retryOf?: string;
  /** How the hook ran: `sync` when the synchronous bridge ran it in line and the client waited on it (issue 19); absent when the daemon ran it. */
  bridge?: 'sync';
  /** The client that ran the bridge (its profile id), when known. */
  client?: string;
  /** The project the run belongs to: the client's project directory, else the payload's cwd (payload/project-of.ts). */
  project?: string;
  /**
   * For a deciding hook: whether the client acts on its answer (null: unknown, hookd held only the
   * head of it), and the answer in a few words (clients/contract.ts).
   */
  decided?: boolean | null;
  decision?: string;
}

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
