// POST /warm on the local API's unix socket (only the user reaches it; the loopback listener does not
// serve it): a bridge running `hookd sync --warm -- CMD` asks the daemon's warm handler of CMD for the
// event's answer before it runs CMD itself (docs/bridges.md, "Warm handlers"). The request's body is
// one line of JSON, then the client's payload as the bridge read it:
//
//   {"command", "client", "event", "cwd", "env", "budgetMs"} \n PAYLOAD
//
// 200: the body is the handler's answer, one line in the canonical form, which the bridge hands the
// client in its terms as if the hook had printed it. 503: the body says why the hook must run cold
// (not named warm, not a JSON payload, the handler failed, no answer within the budget). The bridge
// reads any other answer, or none, as 503.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http/read-body.js';
import { MAX_PAYLOAD_BYTES } from '../payload/parse-payload.js';
import { canonicalFields, CANONICAL_VARIABLES } from '../hif/canonical-input.js';
import type { Component } from './lifecycle.js';
import type { LocalRoute } from '../http/parts.js';
import type { LiveConfig } from '../settings/live-config.js';
import type { Logger } from '../common/logger.js';
import { WarmPool, type WarmPoolOptions } from '../executor/platform.js';

/** The request's first line and the client's environment beside the payload: a bound on both together. */
const MAX_HEADER_BYTES = 1024 * 1024;
/** The longest a bridge may ask the daemon to wait; the bridges ask less (WARM_BUDGET_MS). */
const MAX_BUDGET_MS = 10_000;

interface WarmHeader {
  command: string;
  client: string;
  event: string;
  cwd: string;
  env: Record<string, string>;
  budgetMs: number;
}

const isText = (value: unknown): value is string => typeof value === 'string' && !value.includes('\0');

// The request's first line, checked field by field; undefined when any is missing or of the wrong kind.
function readHeader(text: string): WarmHeader | undefined {
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof header !== 'object' || header === null) return undefined;
  const { command, client, event, cwd, env, budgetMs } = header;
  if (!isText(command) || !isText(client) || !isText(event) || !isText(cwd)) return undefined;
  if (typeof env !== 'object' || env === null || Array.isArray(env)) return undefined;
  if (!Object.values(env).every(isText)) return undefined;
  if (typeof budgetMs !== 'number' || !(budgetMs > 0)) return undefined;
  return {
    command,
    client,
    event,
    cwd,
    env: env as Record<string, string>,
    budgetMs: Math.min(budgetMs, MAX_BUDGET_MS),
  };
}

const cold = (res: ServerResponse, why: string) => {
  res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(why) });
  res.end(why);
};

/** The line a handler reads for one event: the payload, its canonical fields, the client's cwd and environment. */
function warmRequestLine(header: WarmHeader, payload: unknown, payloadBytes: Buffer): string {
  const fields = canonicalFields(header.client, header.event, payloadBytes);
  const hif = Object.fromEntries(
    Object.entries(CANONICAL_VARIABLES)
      .filter(([, variable]) => fields[variable] !== undefined)
      .map(([key, variable]) => [key, fields[variable]]),
  );
  return `${JSON.stringify({ payload, hif, cwd: header.cwd, env: header.env })}\n`;
}

/** The daemon's warm handlers, kept in step with the followed files, and the route that asks them. */
export class WarmHandlers implements Component {
  private readonly pool: WarmPool;
  private unfollow: (() => void) | undefined;
  readonly routes: LocalRoute[];

  constructor(
    private readonly config: LiveConfig,
    options: WarmPoolOptions,
    logger: Logger,
  ) {
    this.pool = new WarmPool(options, (command, why) => logger.warn({ command, why }, 'warm handler ended'));
    this.routes = [{ method: 'POST', path: '/warm', handler: ({ req, res }) => this.answer(req, res) }];
  }

  start(): void {
    const keep = () =>
      this.pool.keep(new Set(this.config.config.entries.filter((entry) => entry.sync?.warm).map((entry) => entry.run)));
    keep();
    this.unfollow = this.config.onReload(keep);
  }

  stop(): void {
    this.unfollow?.();
    this.pool.stop();
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const read = await readBody(req, MAX_HEADER_BYTES + MAX_PAYLOAD_BYTES);
    if (!read.ok) {
      if (read.reason !== 'too-large') return;
      // What the bridge still sends is not read (read-body.ts says why): the connection closes with the answer.
      req.pause();
      res.setHeader('connection', 'close');
      return cold(res, 'the request is too large');
    }
    const newline = read.body.indexOf(10);
    const header = newline === -1 ? undefined : readHeader(read.body.subarray(0, newline).toString('utf8'));
    if (!header) return cold(res, 'the request does not start with a line of the warm protocol');
    const payloadBytes = read.body.subarray(newline + 1);
    let payload: unknown;
    try {
      payload = JSON.parse(payloadBytes.toString('utf8'));
    } catch {
      return cold(res, 'the payload is not JSON');
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
      return cold(res, 'the payload is not a JSON object');
    const result = await this.pool.ask(header.command, warmRequestLine(header, payload, payloadBytes), header.budgetMs);
    if (!result.ok) return cold(res, result.why);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(result.answer) });
    res.end(result.answer);
  }
}
