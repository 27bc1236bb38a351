// The answers of the daemon's local API, as zod schemas: routes.ts is type-checked against them,
// `hookd status` reads its answer through them, and the tests check the answers with them. Each
// keeps unknown fields, so an older `hookd status` still reads a newer daemon.
import { z } from 'zod';
import { fail } from '../common/errors.js';
import { formatIssues } from '../common/format-issues.js';
import type { OutcomeName } from '../runs/outcome.js';
import type { DaemonResponse } from './socket-client.js';

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

/** GET /health */
export const HealthSchema = z.looseObject({ ok: z.literal(true), version: z.string() });

/** One followed hook file in GET /status. */
export const SettingsFileSchema = z.looseObject({
  path: z.string(),
  client: z.string(),
  missing: z.boolean(),
  ignored: z.string().nullable(),
  /** The hooks hookd handles (emit, sync and http entries: settings/daemon-hooks.ts countHooks). */
  daemonHooks: z.number(),
  /** The same by kind of entry (`bridge`: hookd emit, `sync`, `http`); absent from older daemons. */
  hooksByKind: z.record(z.string(), z.number()).optional(),
  loadedAt: z.string().nullable(),
  lastReloadAt: z.string().nullable(),
  lastError: z.array(z.string()).nullable(),
  /** The hooks, groups or events its client skips (running the rest), which hookd skips too, one warning each; absent from older daemons. */
  dropped: z.array(z.string()).optional(),
});

/** An address the loopback listener lacks (loopback-addresses.ts). */
export const MissingAddressSchema = z.looseObject({
  host: z.string(),
  port: z.number(),
  since: z.string(),
  code: z.string(),
  heldBy: z.string().nullable(),
});

/** GET /status's loopback listener. */
export const LoopbackSchema = z.looseObject({
  port: z.number().nullable(),
  activated: z.boolean(),
  missing: z.array(MissingAddressSchema),
});

/** A configured hook its client will not run now (cannot-run/cannot-run.ts). */
export const CannotRunSchema = z.looseObject({
  client: z.string(),
  event: z.string(),
  file: z.string(),
  location: z.string(),
  command: z.string(),
  reason: z.string(),
  why: z.string(),
  fix: z.string(),
});

/** A configured hook that did not fire where its siblings did (history/did-not-fire.ts). */
export const UnfiredSchema = z.looseObject({
  client: z.string(),
  event: z.string(),
  command: z.string(),
  file: z.string(),
  location: z.string(),
  sessions: z.array(z.string()),
  cause: z.string(),
  evidence: z.array(z.string()).optional(),
});

/** GET /status */
export const StatusSchema = z.looseObject({
  version: z.string(),
  pid: z.number(),
  uptimeMs: z.number(),
  /** The synchronous bridge in use (bridge/bridge-in-use.ts): native prebuilt, native built here, or Node's. */
  bridge: z.looseObject({ kind: z.string(), summary: z.string() }).optional(),
  stateDir: z.string(),
  socket: z.string(),
  settings: z.looseObject({
    files: z.array(SettingsFileSchema),
    /** The files' hooks together: the sum of theirs. */
    daemonHooks: z.number(),
    hooksByKind: z.record(z.string(), z.number()).optional(),
    /** Every followed file's reload errors, or null when every file loaded. */
    lastError: z.array(z.string()).nullable(),
  }),
  /** The loopback listener's port and the addresses it lacks (another process holds them); absent from older daemons. */
  loopback: LoopbackSchema.optional(),
  queue: z.looseObject({ running: z.number(), pending: z.number(), waitingInInbox: z.number() }),
  counts: z.record(z.string(), z.number()),
  recent: z.array(HistoryEntrySchema),
  /** The last failed runs (newest first), their output cut to its first lines; absent from older daemons. */
  failures: z.array(HistoryEntrySchema).optional(),
  /** Configured hooks their client will not run now, with why and the fix (cannot-run/); absent from older daemons. */
  cannotRun: z.array(CannotRunSchema).optional(),
  /** Configured hooks that did not fire where their siblings did (history/did-not-fire.ts); absent from older daemons. */
  didNotFire: z.array(UnfiredSchema).optional(),
});

/** GET /events */
export const EventsSchema = z.looseObject({ events: z.array(HistoryEntrySchema) });

/** POST /events: one record queued per command. */
export const QueuedSchema = z.looseObject({ queued: z.array(z.looseObject({ id: z.string(), command: z.string() })) });

/** The daemon's status as `hookd status` reads it. */
export type DaemonStatus = z.infer<typeof StatusSchema>;

/** The body of `response` read through `schema`; a HookdError saying what differs when it does not fit. */
export function readAnswer<S extends z.ZodType>(schema: S, response: DaemonResponse, what: string): z.output<S> {
  const parsed = schema.safeParse(response.body);
  if (parsed.success) return parsed.data;
  const problems = formatIssues(parsed.error.issues, 'answer').join('; ');
  throw fail('EDAEMON_BODY', { asked: what, status: response.status, problems });
}
