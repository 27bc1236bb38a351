// The local API's own routes: health, status, and events in and out.
import { parsePayload, MAX_PAYLOAD_BYTES } from '../events/parse-payload.js';
import { writeRecord } from '../events/write-record.js';
import type { Routes } from './local-api.js';
import { sendError, sendJson } from '../common/http-answers.js';
import { readBody } from '../common/read-body.js';
import type { LiveConfig } from './live-config.js';
import type { History } from './history.js';
import type { Scheduler } from './scheduler.js';
import type { Inbox } from '../events/inbox.js';

export interface RouteContext {
  version: string;
  startedAt: number;
  stateDir: string;
  socket: string;
  config: LiveConfig;
  history: History;
  scheduler: Scheduler;
  inbox: Inbox;
}

const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);

/** The daemon's status, as GET /status returns it. */
export async function daemonStatus(context: RouteContext) {
  const { config, history, scheduler, inbox } = context;
  return {
    version: context.version,
    pid: process.pid,
    uptimeMs: Date.now() - context.startedAt,
    stateDir: context.stateDir,
    socket: context.socket,
    settings: {
      files: config.files.map((file) => ({
        path: file.file,
        client: file.client,
        missing: file.missing,
        ignored: file.ignored ?? null,
        daemonHooks: file.config.entries.filter((entry) => entry.kind === 'bridge').length,
        loadedAt: iso(file.loadedAt),
        lastReloadAt: iso(file.lastReloadAt),
        lastError: file.lastError ?? null,
      })),
      daemonHooks: config.hooks.count,
      /** Every followed file's reload errors, or null when every file loaded. */
      lastError: config.files.some((file) => file.lastError) ? config.files.flatMap((file) => file.lastError ?? []) : null,
    },
    queue: { ...scheduler.depth, waitingInInbox: inbox.waiting() },
    counts: { ...history.counts },
    recent: history.latest(5),
  };
}

/** Build the routes over a running daemon's parts. */
export function buildRoutes(context: RouteContext): Routes {
  return {
    'GET /health': (_req, res) => sendJson(res, 200, { ok: true, version: context.version }),

    'GET /status': async (_req, res) => sendJson(res, 200, await daemonStatus(context)),

    'GET /events': (_req, res, url) => {
      const raw = url.searchParams.get('limit') ?? '20';
      const limit = Number(raw);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
        return sendError(res, 400, `limit must be an integer from 1 to 200, got ${JSON.stringify(raw)}`);
      }
      sendJson(res, 200, { events: context.history.latest(limit) });
    },

    // A payload in, as the bridge would store it: for ?command=CMD, or for every daemon hook of its event.
    'POST /events': async (req, res, url) => {
      const read = await readBody(req, MAX_PAYLOAD_BYTES);
      if (!read.ok) return read.reason === 'too-large' ? sendError(res, 413, `a payload is at most ${MAX_PAYLOAD_BYTES / 1024 / 1024} MiB`) : undefined;
      const parsed = parsePayload(read.body, 'body');
      if (!parsed.ok) return sendError(res, 400, parsed.reason);
      const command = url.searchParams.get('command');
      if (command !== null && (command.trim() === '' || command.includes('\0'))) {
        return sendError(res, 400, 'command must be a non-empty string without NUL bytes');
      }
      const payload = parsed.payload;
      const commands = command !== null ? [command] : context.config.hooks.forEvent(payload.event, payload.data).map((entry) => entry.run);
      const queued = [];
      for (const run of commands) queued.push({ id: await writeRecord(context.stateDir, { command: run, clientEnv: {}, payload: payload.bytes }), command: run });
      sendJson(res, 202, { queued });
    },
  };
}
