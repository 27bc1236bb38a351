// The history's answers of the daemon's local API, as zod schemas: a history line, a run in a listing,
// one run whole, a retry, the sessions and one session's runs (GET /runs…, /sessions…). Each keeps
// unknown fields, so an older hookd reads a newer daemon.
import { z } from 'zod';
import type { OutcomeName } from '../runs/outcome.js';

/**
 * One line of the history (history/history.ts); an outcome this version does not know is kept. Fields
 * this version does not know are dropped when read (`hookd status --json` prints the answer as it came).
 */
export const HistoryEntrySchema = z.object({
  time: z.string(),
  eventId: z.string(),
  event: z.string(),
  session: z.string(),
  command: z.string(),
  /** The client that sent the event (a profile's id), when known. */
  client: z.string().optional(),
  outcome: z.custom<OutcomeName>((value) => typeof value === 'string', 'expected the name of an outcome'),
  attempt: z.number(),
  exitCode: z.number().nullable().optional(),
  signal: z.string().nullable().optional(),
  durationMs: z.number().optional(),
  delayMs: z.number().optional(),
  stdout: z.string().optional(),
  stderr: z.string().optional(),
  truncated: z.boolean().optional(),
  detail: z.string().optional(),
  receivedAt: z.string().optional(),
  takenAt: z.string().optional(),
  startedAt: z.string().optional(),
  endedAt: z.string().optional(),
  probe: z.literal(true).optional(),
  retryOf: z.string().optional(),
});

/** One run in a listing (history/run-summary.ts): GET /runs, GET /runs/stream. */
// The history line's fields a listing keeps (the same schemas), plus the run's id, its stderr's first lines and the outcome table's word on it.
export const RunSummarySchema = HistoryEntrySchema.pick({
  time: true,
  event: true,
  session: true,
  command: true,
  client: true,
  outcome: true,
  attempt: true,
  exitCode: true,
  signal: true,
  detail: true,
  durationMs: true,
  delayMs: true,
  probe: true,
  retryOf: true,
})
  .extend({
    id: z.string(),
    stderrHead: z.string().optional(),
    // The outcome table's word on the run; absent from older daemons.
    failed: z.boolean().optional(),
    retriable: z.boolean().optional(),
    label: z.string().optional(),
  })
  .loose();

/** GET /runs */
export const RunsSchema = z.looseObject({ runs: z.array(RunSummarySchema) });

/** GET /runs/:id: the run, each attempt whole (oldest first), and its payload when a failure kept it. */
export const RunDetailSchema = z.looseObject({
  run: RunSummarySchema,
  attempts: z.array(HistoryEntrySchema),
  payload: z.looseObject({ kept: z.boolean(), bytes: z.number().optional(), head: z.string().optional() }),
});

/** POST /runs/:id/retry */
export const RetriedSchema = z.looseObject({
  queued: z.array(z.looseObject({ id: z.string(), command: z.string() })),
  retryOf: z.string(),
});

/** One session in GET /sessions (history/sessions.ts). */
export const SessionSummarySchema = z.looseObject({
  id: z.string(),
  client: z.string().optional(),
  project: z.string().optional(),
  firstAt: z.string(),
  lastAt: z.string(),
  runs: z.number(),
  inLine: z.number(),
  failed: z.number(),
  waitedMs: z.number(),
});

/** GET /sessions */
export const SessionsSchema = z.looseObject({ sessions: z.array(SessionSummarySchema) });

/** GET /sessions/:id/runs: the session's runs on one time axis, oldest first (offsets in ms from its first start). */
export const SessionRunsSchema = z.looseObject({
  session: SessionSummarySchema,
  runs: z.array(
    RunSummarySchema.extend({
      startedAt: z.string(),
      endedAt: z.string(),
      offsetMs: z.number(),
      lengthMs: z.number(),
      lane: z.enum(['agent', 'beside']),
    }).loose(),
  ),
  spanMs: z.number(),
  leftOut: z.number(),
});
