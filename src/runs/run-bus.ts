// Runs are events (DESIGN.md §8), on this one bus: the dispatcher publishes `started` when a hook
// starts and `finished` when a record reaches an outcome (a run's, or rejected or duplicate when no
// hook ran); the history publishes `recorded` once a finished run's line is written. The history,
// the log, the metrics, OTLP spans and the kept payloads hear `finished`, the run stream (the live
// page) `recorded`. A finished run carries what they need: who ran what, the four moments of a
// run, and its facts (run-facts.ts), computed here once for all of them.
import type { Outcome, OutcomeName } from './outcome.js';
import { factsOf, type RunFacts } from './run-facts.js';
import type { HistoryEntry } from './history-line.js';

/** A W3C trace context (telemetry/trace-context.ts reads and writes it): the client's span a run belongs under. */
export interface TraceContext {
  traceId: string;
  spanId: string;
  /** The traceparent's flags byte (01: sampled). */
  flags: number;
  tracestate?: string;
  baggage?: string;
}

/** Who and what a run is, and when its record came in. Times are ms since the epoch. */
export interface RunInfo {
  /** The record's name in the inbox, also the hook's HOOKD_EVENT_ID. */
  eventId: string;
  /** The payload's event name ('' when the record could not be read). */
  event: string;
  sessionId: string;
  command: string;
  /** 1 for the first run of the record, more after a run was cut short. */
  attempt: number;
  /** When the bridge wrote the record (its file's modification time). */
  receivedAt: number;
  /** When the daemon took the record from the inbox. */
  takenAt: number;
  /** The id of the client that sent the record (claude, droid …), from the variables the bridge carried; absent when none is known. */
  client?: string;
  /** The event id of the failed run this record retries (`hookd retry`), from the record itself. */
  retryOf?: string;
  /** The project the run belongs to (payload/project-of.ts), when anything says: the session view groups by it. */
  project?: string;
  /** The client's span the hook ran under (trace-context.ts), when the client's environment said. */
  trace?: TraceContext;
  /** The tool call the event is about (the payload's tool_use_id), if any. */
  toolCallId?: string;
}

/** A hook starts. */
export interface RunStarted extends RunInfo {
  startedAt: number;
}

/** A record reached an outcome, as its publisher tells it. */
export interface RunFinished extends RunInfo {
  /** When the hook started; absent when none ran (rejected, duplicate). */
  startedAt?: number;
  endedAt: number;
  outcome: OutcomeName;
  /** What the hook did, when one ran. */
  result?: Outcome;
  /** Why the record was rejected, or why the hook could not start. */
  detail?: string;
  /** A run the synchronous bridge made in line, the client waiting on it: what it decided (clients/contract.ts; decided null: unknown). */
  inline?: { decided: boolean | null; decision: string; warm?: string };
}

/** A finished run as its subscribers hear it: with its facts. */
export interface FinishedRun extends RunFinished {
  facts: RunFacts;
}

/** The events a run publishes, by name, as publishers give them. */
export interface RunEventMap {
  started: RunStarted;
  finished: RunFinished;
  /** The history line of a finished run, as written (or as refused by a full disk, the outcome logged instead). */
  recorded: HistoryEntry;
}

/** The events as subscribers hear them. */
export type HeardEventMap = Omit<RunEventMap, 'finished'> & { finished: FinishedRun };

/** A subscriber; one that returns a promise holds the publisher until it settles (the history's line is on disk). */
export type RunListener<T> = (event: T) => void | Promise<void>;

/** The run bus: a small typed emitter of run events. */
export class RunBus {
  private readonly listeners: { [K in keyof RunEventMap]: Array<RunListener<HeardEventMap[K]>> } = {
    started: [],
    finished: [],
    recorded: [],
  };

  /** `onError` hears what a subscriber threw: one subscriber's failure never stops a run or the others. */
  constructor(private readonly onError: (error: unknown, name: keyof RunEventMap) => void = () => undefined) {}

  /** Subscribe to `name`; returns the function that unsubscribes. */
  on<K extends keyof RunEventMap>(name: K, listener: RunListener<HeardEventMap[K]>): () => void {
    const list = this.listeners[name] as Array<RunListener<HeardEventMap[K]>>;
    list.push(listener);
    return () => {
      const at = list.indexOf(listener);
      if (at >= 0) list.splice(at, 1);
    };
  }

  /** Tell every subscriber of `name` (a finished run with its facts); resolves once each has taken the event (never rejects). */
  publish<K extends keyof RunEventMap>(name: K, given: RunEventMap[K]): Promise<void> {
    const event = (
      name === 'finished' ? { ...given, facts: factsOf(given as RunFinished) } : given
    ) as HeardEventMap[K];
    const pending: Array<Promise<void>> = [];
    for (const listener of this.listeners[name] as Array<RunListener<HeardEventMap[K]>>) {
      try {
        const taken = listener(event);
        if (taken) pending.push(taken.catch((error: unknown) => this.onError(error, name)));
      } catch (error) {
        this.onError(error, name);
      }
    }
    return pending.length === 0 ? Promise.resolve() : Promise.all(pending).then(() => undefined);
  }
}
