// One call to the platform over the client's dispatcher (client-dispatcher.ts, which follows
// redirects and retries): the headers every call carries, a deadline per attempt, and failures
// turned into errors people can act on (no answer in time, server unreachable, redirect loops).
import type { Dispatcher } from 'undici';
import { HookdError } from '../common/errors.js';
import { MAX_REDIRECTS } from './client-dispatcher.js';
import { networkCode, shownCode } from './retry-policy.js';

/** How every call of one client is sent. */
export interface CallOptions {
  dispatcher: Dispatcher;
  /** How long each attempt may wait for the answer's headers, then between chunks of its body. */
  timeoutMs: number;
  /** The bearer credential; undici keeps it only while redirects stay on the origin of `url`. */
  apiKey: string | undefined;
  userAgent: string;
  /** How a connection failure names the server, e.g. the daemon's socket; defaults to the URL's origin. */
  target?: string;
}

/** One call: method, full URL, and the JSON body if any. */
export interface Call {
  method: string;
  url: URL;
  body?: unknown;
}

/** The final answer of a call: any status, the body as text. */
export interface Reply {
  status: number;
  body: string;
}

const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function failure(call: Call, options: CallOptions, error: unknown): HookdError {
  if (error instanceof HookdError) return error;
  const where = `${call.method} ${call.url.origin}${call.url.pathname}`;
  if (TIMEOUTS.has(networkCode(error) ?? '')) {
    return new HookdError('ETIMEOUT', `${where}: no answer within ${options.timeoutMs / 1000}s; try again later`, { cause: error });
  }
  if (/redirect loop/i.test((error as Error)?.message ?? '')) return new HookdError('EREDIRECT', `${where}: the redirects go round in a loop`, { cause: error });
  const what = shownCode(error) ?? (error as Error)?.message ?? String(error);
  const target = options.target ?? `${call.url.origin}; check HOOKD_API_URL / HOOKD_APP_URL and the network`;
  return new HookdError('ENETWORK', `cannot reach ${target} (${what})`, { cause: error });
}

/** Send `call` and return the final answer (any status); throws only when no answer came. */
export async function sendRequest(call: Call, options: CallOptions): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': options.userAgent };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  try {
    const answer = await options.dispatcher.request({
      origin: call.url.origin,
      path: `${call.url.pathname}${call.url.search}`,
      method: call.method as Dispatcher.HttpMethod,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const body = await answer.body.text();
    // undici hands over the last redirect as the answer once it stops following them.
    if (REDIRECTS.has(answer.statusCode) && answer.headers.location) {
      throw new HookdError('EREDIRECT', `${call.url.origin}${call.url.pathname}: more than ${MAX_REDIRECTS} redirects`);
    }
    return { status: answer.statusCode, body };
  } catch (error) {
    throw failure(call, options, error);
  }
}
