// What one line of the history holds, and the helpers that read an entry: its output's first
// lines, and whether it is the run a given id names.
import { tellingHead, type OutcomeName } from '../runner/outcome.js';

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
  /** The project the run belongs to: the client's project directory, else the payload's cwd (events/project-of.ts). */
  project?: string;
  /** For a deciding hook: whether the client acts on its answer, and the answer in a few words (clients/contract.ts). */
  decided?: boolean;
  decision?: string;
}

/** The first lines of a hook's output, enough to see what happened. */
export function headOf(text: string, lines = 5, chars = 1000): string {
  return text.split('\n').slice(0, lines).join('\n').slice(0, chars);
}

// What memory keeps of an entry: the output's first lines only, so 200 entries stay small; of
// stderr, the lines from the one that tells what went wrong (runner/outcome.ts).
export const light = (entry: HistoryEntry): HistoryEntry =>
  entry.stdout === undefined && entry.stderr === undefined ? entry : { ...entry, stdout: headOf(entry.stdout ?? ''), stderr: tellingHead(entry.stderr ?? '', 5) };

/** Whether `entry` is run `id`: its full event id, or the end of it after a `-` or `.`. */
export const isRun = (entry: HistoryEntry, id: string) => entry.eventId === id || (id.length >= 4 && /[-.]$/.test(entry.eventId.slice(0, -id.length)) && entry.eventId.endsWith(id));
