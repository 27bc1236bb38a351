// The answers of the daemon's local API, as zod schemas (the history's are history/history-schemas.ts):
// routes.ts is type-checked against them, `hookd status` reads its answer through them, and the tests
// check the answers with them. Each keeps unknown fields, so an older `hookd status` reads a newer daemon.
import { z } from 'zod';
import { fail, type HookdError } from '../common/errors.js';
import { daemonAnswerCode } from '../common/error-catalogue.js';
import { formatIssues } from '../common/format-issues.js';
import type { DaemonResponse } from './socket-client.js';
import { HistoryEntrySchema } from '../history/history-schemas.js';

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

/**
 * The error of the daemon's refusal `response` to `asked`: its sentence (`detail`), and the code of
 * its status in the error catalogue, so a command exits as the refusal's code says (bad input: 2).
 */
export function refusedAnswer(response: DaemonResponse, asked: string): HookdError {
  const detail = (response.body as { detail?: unknown } | undefined)?.detail;
  return fail(daemonAnswerCode(response.status), { asked, status: response.status, detail });
}
