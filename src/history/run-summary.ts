// One run in one line's worth of fields: what GET /runs lists, GET /runs/stream sends and
// `hookd history` prints. The whole run (output, times) is GET /runs/:id.
import { headOf, type HistoryEntry } from './history-entry.js';
import type { OutcomeName } from '../runner/outcome.js';

/** A run, summed up. Times are ISO 8601, durations ms. */
// A type, not an interface: it must fit the schema's open object (an implicit index signature).
export type RunSummary = {
  /** The run's event id (the inbox record's name): GET /runs/:id and `hookd retry` take it. */
  id: string;
  time: string;
  event: string;
  session: string;
  command: string;
  outcome: OutcomeName;
  attempt: number;
  exitCode?: number | null;
  signal?: string | null;
  detail?: string;
  /** Run time (start to end). */
  durationMs?: number;
  /** Delivery delay (the bridge wrote it → the hook started). */
  delayMs?: number;
  /** The first lines of stderr, when it printed any. */
  stderrHead?: string;
  probe?: true;
  retryOf?: string;
};

/** The summary of a history entry. */
export function summaryOf(entry: HistoryEntry): RunSummary {
  const stderrHead = entry.stderr ? headOf(entry.stderr.trimEnd(), 3, 300) : '';
  return {
    id: entry.eventId,
    time: entry.time,
    event: entry.event,
    session: entry.session,
    command: entry.command,
    outcome: entry.outcome,
    attempt: entry.attempt,
    ...(entry.exitCode !== undefined && { exitCode: entry.exitCode }),
    ...(entry.signal !== undefined && { signal: entry.signal }),
    ...(entry.detail !== undefined && { detail: entry.detail }),
    ...(entry.durationMs !== undefined && { durationMs: entry.durationMs }),
    ...(entry.delayMs !== undefined && { delayMs: entry.delayMs }),
    ...(stderrHead && { stderrHead }),
    ...(entry.probe && { probe: true as const }),
    ...(entry.retryOf !== undefined && { retryOf: entry.retryOf }),
  };
}
