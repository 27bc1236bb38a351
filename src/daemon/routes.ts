// The local API's own routes: health, status, and events in and out. Their answers are described
// by the schemas of local-api-schemas.ts, which `hookd status` and the tests read them with.
import { bridgeInUse } from '../bridge/bridge-in-use.js';
import { packageRoot } from '../common/package-root.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { parsePayload, MAX_PAYLOAD_BYTES } from '../payload/parse-payload.js';
import { writeRecord } from '../inbox/write-record.js';
import { countHooks } from '../settings/daemon-hooks.js';
import type { HookReport } from '../cannot-run/did-not-fire-here.js';
import type { Routes } from '../server/local-api.js';
import { sendJson, sendRefusal } from '../http/answers.js';
import { readBody, refuseBody } from '../http/read-body.js';
import { intParam, singleParam } from '../http/query.js';
import type {
  EventsSchema,
  HealthSchema,
  QueuedSchema,
  SettingsFileSchema,
  StatusSchema,
} from '../server/local-api-schemas.js';
import type { FileState, LiveConfig } from '../settings/live-config.js';
import type { History } from '../history/history.js';
import type { Scheduler } from './pipeline/scheduler.js';
import type { Inbox } from '../inbox/inbox.js';
import type { LocalToken } from '../server/local-token.js';
import type { LoopbackListener } from './serve-loopback.js';
import { showSize } from '../common/show-size.js';

/** The parts of a running daemon the routes read. */
export interface RouteContext {
  version: string;
  startedAt: number;
  stateDir: string;
  socket: string;
  config: LiveConfig;
  history: History;
  scheduler: Scheduler;
  inbox: Inbox;
  /** The loopback listener's token, rotated by POST /token/rotate. */
  token: LocalToken;
  /** The loopback listener: the addresses it lacks, which status shows for as long as it lacks them. */
  loopback: Pick<LoopbackListener, 'state'>;
  /** The hooks that will not run or did not fire, kept between asks (cannot-run/kept-hook-report.ts). */
  hookReport: () => Promise<HookReport>;
}

const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);

// A followed file in GET /status: its hooks counted as the total is (countHooks), sync entries
// too: they run through hookd (in line), and the daemon records them.
function fileStatus(file: FileState): z.input<typeof SettingsFileSchema> {
  const hooks = countHooks(file.config.entries);
  return {
    path: file.file,
    client: file.client,
    missing: file.missing,
    ignored: file.ignored ?? null,
    daemonHooks: hooks.all,
    hooksByKind: hooks.byKind,
    loadedAt: iso(file.loadedAt),
    lastReloadAt: iso(file.lastReloadAt),
    lastError: file.lastError ?? null,
    dropped: (file.config.dropped ?? []).map((part) => part.message),
  };
}

/** The daemon's status, as GET /status returns it. */
export async function daemonStatus(context: RouteContext): Promise<z.input<typeof StatusSchema>> {
  const { config, history, scheduler, inbox } = context;
  const total = countHooks(config.config.entries);
  return {
    version: context.version,
    pid: process.pid,
    uptimeMs: Date.now() - context.startedAt,
    // The bridge `hookd sync` runs beside this daemon (issue 33): Node's costs every deciding hook its start-up.
    bridge: (({ kind, summary }) => ({ kind, summary }))(bridgeInUse(packageRoot())),
    stateDir: context.stateDir,
    socket: context.socket,
    settings: {
      files: config.files.map(fileStatus),
      // The same count over every file, so that the total is the sum of the files' (a file not read counts none).
      daemonHooks: total.all,
      hooksByKind: total.byKind,
      lastError: config.files.some((file) => file.lastError)
        ? config.files.flatMap((file) => file.lastError ?? [])
        : null,
    },
    loopback: context.loopback.state(),
    queue: { ...scheduler.depth, waitingInInbox: inbox.waiting() },
    counts: { ...history.counts },
    recent: history.latest(5, false),
    failures: history.lastFailures(5),
    // Read from the clients' files again when one of them changed: a setting changed in the client shows at once.
    ...(await context.hookReport()),
  };
}

/** Build the routes over a running daemon's parts. */
export function buildRoutes(context: RouteContext): Routes {
  const health: z.input<typeof HealthSchema> = { ok: true, version: context.version };
  return [
    { method: 'GET', path: '/health', handler: ({ res }) => sendJson(res, 200, health) },

    {
      method: 'GET',
      path: '/status',
      handler: async ({ res }) => sendJson(res, 200, await daemonStatus(context)),
    },

    {
      method: 'GET',
      path: '/events',
      handler: ({ res, url }) => {
        const limit = intParam(url, 'limit', { min: 1, max: 200, fallback: 20 });
        if (!limit.ok) return sendRefusal(res, 'EREQUEST', limit.reason);
        const answer: z.input<typeof EventsSchema> = { events: context.history.latest(limit.value) };
        sendJson(res, 200, answer);
      },
    },

    // `hookd token rotate`: on the unix socket only (LOOPBACK_ROUTES in local-api.ts leaves it off TCP).
    {
      method: 'POST',
      path: '/token/rotate',
      handler: ({ req, res }) => (req.resume(), context.token.rotate(), sendJson(res, 200, { rotated: true })),
    },

    // A payload in, as the bridge would store it: for ?command=CMD, or for every daemon hook of its event.
    { method: 'POST', path: '/events', handler: ({ req, res, url }) => postEvents(context, req, res, url) },
  ];
}

async function postEvents(context: RouteContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const given = singleParam(url, 'command');
  if (!given.ok) return refuseBody(req, res, 'EREQUEST', given.reason);
  const read = await readBody(req, MAX_PAYLOAD_BYTES);
  if (!read.ok)
    return read.reason === 'too-large'
      ? refuseBody(req, res, 'ETOO_LARGE', `a payload is at most ${showSize(MAX_PAYLOAD_BYTES)}`)
      : undefined;
  const parsed = parsePayload(read.body, 'body');
  if (!parsed.ok) return sendRefusal(res, 'EREQUEST', parsed.reason);
  const command = given.value ?? null;
  if (command !== null && (command.trim() === '' || command.includes('\0'))) {
    return sendRefusal(res, 'EREQUEST', 'command must be a non-empty string without NUL bytes');
  }
  const payload = parsed.payload;
  const commands =
    command !== null ? [command] : context.config.hooks.forEvent(payload.event, payload.data).map((entry) => entry.run);
  const answer: z.input<typeof QueuedSchema> = { queued: [] };
  for (const run of commands)
    answer.queued.push({
      id: writeRecord(context.stateDir, { command: run, clientEnv: {}, payload: payload.bytes }),
      command: run,
    });
  sendJson(res, 202, answer);
}
