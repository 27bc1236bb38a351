// POST /hooks/v1/<Event>?command=<CMD>: an agent client's http hook, delivered straight to the
// daemon (issue 14). For an event whose result the client ignores, the event is stored in the inbox
// exactly as the bridge stores it (the same record, written, then committed: inbox/write-record.ts), so
// dedupe, ordering and retries are the bridge's; the answer, 204 with no body, comes only once the
// record is committed. For an event the client reads the answer of (issue 19), the hook runs in
// line and the answer carries its decision (answer-in-line.ts). Only commands a followed settings
// file posts here for that event run; every refusal is a JSON answer the client can log, and
// nothing of a refused request is stored. An endpoint of the same shape for another kind of posting
// entry (entry-kinds.ts) is this one under its prefix, asking by its way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_PAYLOAD_BYTES, parsePayload } from '../payload/parse-payload.js';
import { readBody, refuseBody, type BodyResult } from '../http/read-body.js';
import { sendRefusal } from '../http/answers.js';
import { singleParam } from '../http/query.js';
import { hookEventOf } from '../settings/hookd-url.js';
import { ENTRY_KINDS, type Way } from '../settings/entry-kinds.js';
import { refuseCommand, refuseOrigin } from './check-hook-request.js';
import { requestGate } from './request-gate.js';
import { writeRecord } from '../inbox/write-record.js';
import { answerInLine, decidingEntries, type InLineContext } from './answer-in-line.js';
import type { DaemonHooks } from '../settings/daemon-hooks.js';
import type { Mount } from '../http/parts.js';
import type { Exchange } from '../http/router.js';
import type { Logger } from '../common/logger.js';
import { showSize } from '../common/show-size.js';

export interface HookEndpointOptions {
  stateDir: string;
  /** The live config: its daemon hooks, indexed once per reload. */
  config: { readonly hooks: DaemonHooks };
  logger: Logger;
  /** How long a client may take to send its body (a client that stops half-way gets 408). */
  bodyDeadlineMs?: number;
  /** Where hooks of deciding events, run in line, publish their runs (the pipeline's run bus), and the socket they are told of. */
  inLine?: Omit<InLineContext, 'logger'>;
  /** Which posting entries it serves: their prefix, and the way it asks for them (http's by default). */
  posting?: { prefix: string; way: Way };
}

// A payload on loopback arrives in milliseconds, even at the 32 MiB cap; a client this slow has stalled.
const BODY_DEADLINE_MS = 5000;

type Read = BodyResult | { ok: false; reason: 'stalled' };

function readWithin(req: IncomingMessage, ms: number): Promise<Read> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<Read>(
    (resolve) => (timer = setTimeout(() => resolve({ ok: false, reason: 'stalled' }), ms)),
  );
  return Promise.race([readBody(req, MAX_PAYLOAD_BYTES), stalled]).finally(() => clearTimeout(timer));
}

/** The hook endpoint, mounted at /hooks/v1/ of the loopback listener. */
export function hookEndpoint(options: HookEndpointOptions): Mount {
  const enter = requestGate();
  const deadline = options.bodyDeadlineMs ?? BODY_DEADLINE_MS;
  const { prefix, way } = options.posting ?? ENTRY_KINDS.http.posting;
  async function handle({ req, res, url }: Exchange): Promise<void> {
    const event = hookEventOf(url.pathname, prefix);
    if (event === undefined)
      return refuseBody(
        req,
        res,
        'ENOT_FOUND',
        `no hook endpoint ${url.pathname}; post to ${prefix}<Event>?command=<URL-encoded command>`,
      );
    if (req.method !== 'POST') {
      req.pause();
      return sendRefusal(res, 'EMETHOD', `${req.method} is not allowed on ${url.pathname}; use POST`, {
        connection: 'close',
        allow: 'POST',
      });
    }
    const given = singleParam(url, 'command');
    const command = given.ok ? given.value : undefined;
    const refusal =
      refuseOrigin(req) ??
      (given.ok
        ? refuseCommand(options.config.hooks, event, command, { prefix, way })
        : { code: 'EREQUEST' as const, detail: given.reason });
    if (refusal) return refuseBody(req, res, refusal.code, refusal.detail);
    const leave = enter(req, res);
    if (!leave) return;
    try {
      // Given once and configured: refuseCommand let it through.
      await take(req, res, event, command!);
    } finally {
      leave();
    }
  }

  async function take(req: IncomingMessage, res: ServerResponse, event: string, command: string): Promise<void> {
    const read = await readWithin(req, deadline);
    if (!read.ok) {
      if (read.reason === 'too-large')
        return refuseBody(
          req,
          res,
          'ETOO_LARGE',
          `a payload is at most ${showSize(MAX_PAYLOAD_BYTES)}; nothing was stored`,
        );
      if (read.reason === 'stalled')
        return refuseBody(
          req,
          res,
          'ESTALLED',
          `the body did not arrive within ${deadline / 1000} s; nothing was stored`,
        );
      return; // The client went away: there is no one to answer.
    }
    const parsed = parsePayload(read.body, 'body');
    if (!parsed.ok) return sendRefusal(res, 'EREQUEST', `${parsed.reason}; nothing was stored`);
    if (parsed.payload.event !== event)
      return sendRefusal(
        res,
        'EREQUEST',
        `the payload is for ${JSON.stringify(parsed.payload.event)} but was posted to ${prefix}${event}; nothing was stored`,
      );
    const deciding = options.inLine
      ? decidingEntries(options.config.hooks.entriesFor(event, command, undefined, way))
      : [];
    if (deciding.length && options.inLine)
      return answerInLine(res, command, parsed.payload, deciding, { ...options.inLine, logger: options.logger });
    store(res, event, command, parsed.payload.bytes);
  }

  function store(res: ServerResponse, event: string, command: string, payload: Buffer): void {
    try {
      const id = writeRecord(options.stateDir, { command, clientEnv: {}, payload });
      options.logger.debug({ id, event }, 'http hook stored');
    } catch (error) {
      options.logger.error({ event, error: (error as Error).message }, 'cannot store an http hook in the inbox');
      return sendRefusal(res, 'EINTERNAL', `cannot store the event in the inbox: ${(error as Error).message}`);
    }
    res.writeHead(204);
    res.end();
  }

  return { prefix, handler: (exchange) => handle(exchange).then(() => true) };
}
