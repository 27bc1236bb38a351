// What one line of the history holds: the shape the history writes (history/history.ts) and the
// run bus carries once written (`recorded`), so it lives here, below both.
import type { OutcomeName } from './outcome.js';

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
  /** A warm hook's way (`hookd sync --warm`): `answered` by its warm handler, else `cold: WHY` (it ran in line). */
  warm?: string;
}
