// One run in one line's worth of fields: what GET /runs lists, GET /runs/stream sends and
// `hookd history` prints. The whole run (output, times) is GET /runs/:id. It carries the outcome
// table's word on the run (failed, retriable, its label), so the live page keeps no copy of the table.
import { meaningOf, tellingHead } from '../runs/outcome.js';
import type { HistoryEntry } from '../runs/history-line.js';

/** A run, summed up: the history line's fields a listing keeps. Times are ISO 8601, durations ms. */
// A type, not an interface: it must fit the schema's open object (an implicit index signature).
export type RunSummary = Pick<
  HistoryEntry,
  | 'time'
  | 'event'
  | 'session'
  | 'command'
  | 'client'
  | 'project'
  | 'outcome'
  | 'attempt'
  | 'exitCode'
  | 'signal'
  | 'detail'
  | 'durationMs'
  | 'delayMs'
  | 'probe'
  | 'retryOf'
  | 'bridge'
  | 'decided'
  | 'decision'
  | 'warm'
> & {
  /** The run's event id (the inbox record's name): GET /runs/:id and `hookd retry` take it. */
  id: string;
  /** The first lines of stderr from the one that tells what went wrong (runs/outcome.ts), when it printed any. */
  stderrHead?: string;
  /** The outcome table's word on it (runs/outcome.ts): a failure; one `hookd retry` can run again; its outcome in words, without its detail. */
  failed: boolean;
  retriable: boolean;
  label: string;
};

/** The summary of a history entry. */
export function summaryOf(entry: HistoryEntry): RunSummary {
  const stderrHead = entry.stderr ? tellingHead(entry.stderr, 3, 300) : '';
  const { failed, retriable, label } = meaningOf(entry.outcome);
  return {
    id: entry.eventId,
    time: entry.time,
    event: entry.event,
    session: entry.session,
    command: entry.command,
    ...(entry.client !== undefined && { client: entry.client }),
    ...(entry.project !== undefined && { project: entry.project }),
    outcome: entry.outcome,
    failed,
    retriable,
    label: label(entry),
    attempt: entry.attempt,
    ...(entry.exitCode !== undefined && { exitCode: entry.exitCode }),
    ...(entry.signal !== undefined && { signal: entry.signal }),
    ...(entry.detail !== undefined && { detail: entry.detail }),
    ...(entry.durationMs !== undefined && { durationMs: entry.durationMs }),
    ...(entry.delayMs !== undefined && { delayMs: entry.delayMs }),
    ...(stderrHead && { stderrHead }),
    ...(entry.probe && { probe: true as const }),
    ...(entry.retryOf !== undefined && { retryOf: entry.retryOf }),
    ...(entry.bridge !== undefined && { bridge: entry.bridge, decided: entry.decided, decision: entry.decision }),
    ...(entry.warm !== undefined && { warm: entry.warm }),
  };
}
