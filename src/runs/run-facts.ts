// What a finished run's subscribers derive from it, computed once where the run ends (the run bus
// does it on `finished`) and carried to each of them: the history's line, the log, the metrics,
// the OTLP span and the live page used to each work these out again, and disagreed.
import { meaningOf } from './outcome.js';
import { isProbe } from './probe-marker.js';
import type { RunFinished } from './run-bus.js';

/** The facts of a finished run. */
export interface RunFacts {
  /** The delivery delay in ms: from the bridge writing the event to the hook's start. Absent when no hook started, or for a run in line (the client waited its whole duration: it was not delivered later). */
  delayMs?: number;
  /** A run of `hookd doctor`'s probe: not counted, not listed unless asked. */
  probe: boolean;
  /** The outcome table's word on it (outcome.ts). */
  failed: boolean;
  retriable: boolean;
  level: 'info' | 'warn';
  /** How it reads in one line: `failed (exit 3)`, `could not start: spawn sh ENOENT`. */
  reads: string;
}

/** The facts of `run`. */
export function factsOf(run: RunFinished): RunFacts {
  const { failed, retriable, level, reads } = meaningOf(run.outcome);
  return {
    ...(run.startedAt !== undefined && !run.inline && { delayMs: Math.max(0, run.startedAt - run.receivedAt) }),
    probe: isProbe(run.sessionId, run.command),
    failed,
    retriable,
    level,
    reads: reads({
      exitCode: run.result?.exitCode,
      signal: run.result?.signal,
      detail: run.detail ?? run.result?.error,
    }),
  };
}
