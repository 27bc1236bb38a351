// One call to the platform: timeout, retries for what may be retried, and redirects followed by
// hand. A 307/308 keeps the method and body; the Authorization header goes along only while the
// redirect stays on the same origin (fetch's own redirect handling cannot be told this).
import { HookdError } from '../common/errors.js';
import type { Transport, WireResponse } from './transports.js';
import { backoffMs, mayRetryNetworkError, mayRetryStatus, networkCode, retryAfterMs, sleep, type RetryOptions } from './retry-policy.js';

export interface CallOptions {
  transport: Transport;
  timeoutMs: number;
  retry: RetryOptions;
  /** The bearer credential, sent to the origin of `url` and to same-origin redirects only. */
  apiKey: string | undefined;
  userAgent: string;
  /** How a connection failure names the server, e.g. the daemon's socket; defaults to the URL's origin. */
  target?: string;
}

export interface Call {
  method: string;
  url: URL;
  body?: unknown;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

function headersFor(call: Call, options: CallOptions, authorized: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': options.userAgent };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (authorized && options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return headers;
}

async function sendOnce(call: Call, options: CallOptions, authorized: boolean): Promise<WireResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    return await options.transport({ method: call.method, url: call.url, headers: headersFor(call, options, authorized), body: call.body === undefined ? undefined : JSON.stringify(call.body), signal });
  } catch (error) {
    if (signal.aborted) {
      throw new HookdError('ETIMEOUT', `${call.method} ${call.url.origin}${call.url.pathname}: no answer within ${options.timeoutMs / 1000}s; try again later`, { cause: error });
    }
    throw error;
  }
}

function networkFailure(call: Call, options: CallOptions, error: unknown): HookdError {
  if (error instanceof HookdError) return error;
  const code = networkCode(error);
  const what = code ?? (error as Error)?.message ?? String(error);
  const target = options.target ?? `${call.url.origin}; check HOOKD_API_URL / HOOKD_APP_URL and the network`;
  return new HookdError('ENETWORK', `cannot reach ${target} (${what})`, { cause: error });
}

/** Send `call` and return the final answer (any status); throws only when no answer came. */
export async function sendRequest(first: Call, options: CallOptions): Promise<WireResponse> {
  const origin = first.url.origin;
  let call = first;
  let redirects = 0;
  let attempt = 1;
  for (;;) {
    let response: WireResponse;
    try {
      response = await sendOnce(call, options, call.url.origin === origin);
    } catch (error) {
      const retryable = !(error instanceof HookdError) && mayRetryNetworkError(call.method, networkCode(error));
      if (!retryable || attempt >= options.retry.attempts) throw networkFailure(call, options, error);
      await sleep(backoffMs(attempt, options.retry));
      attempt += 1;
      continue;
    }
    const location = response.header('location');
    if (REDIRECTS.has(response.status) && location) {
      if (++redirects > MAX_REDIRECTS) throw new HookdError('EREDIRECT', `${call.url.origin}${call.url.pathname}: more than ${MAX_REDIRECTS} redirects`);
      const keep = response.status === 307 || response.status === 308;
      call = keep ? { ...call, url: new URL(location, call.url) } : { method: 'GET', url: new URL(location, call.url) };
      continue;
    }
    if (mayRetryStatus(call.method, response.status) && attempt < options.retry.attempts) {
      const asked = retryAfterMs(response.header('retry-after'));
      if (asked === undefined || asked <= options.retry.maxDelayMs) {
        await sleep(asked ?? backoffMs(attempt, options.retry));
        attempt += 1;
        continue;
      }
    }
    return response;
  }
}
