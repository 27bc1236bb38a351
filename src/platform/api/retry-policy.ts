// When a failed call may be tried again, and how long to wait: the rule undici's retry interceptor
// asks (see client-dispatcher.ts). Idempotent calls (GET, PUT, PATCH) are retried on 429 and 503,
// honouring Retry-After, and on connection failures. A POST is resent only when the connection
// was never made, so it cannot have reached the server. A Retry-After longer than the client
// waits is reported at once rather than waited for.
import type { RetryHandler } from 'undici';

/** Methods that may be sent again once they may have reached the server. */
export const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Errors raised before a single byte could reach the server. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether a call that failed with `code` may have reached the server (an unknown failure may have). */
export function mayHaveArrived(code: string | undefined): boolean {
  return code === undefined || !NEVER_CONNECTED.has(code);
}
/** Errors after which the request may or may not have arrived. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ETIMEDOUT']);

/** How many attempts, and how long to wait between them. */
export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts: number;
  /** First backoff; doubles each time, with jitter. */
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is reported instead. */
  maxDelayMs: number;
}

/** Four attempts, from 200 ms apart; a Retry-After over 30 s is reported. */
export const DEFAULT_RETRY: RetryOptions = { attempts: 4, baseDelayMs: 200, maxDelayMs: 30_000 };

/** The error code of a failed call (a wrapped error keeps it in `cause`). */
export function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The code to show people for a failed call. undici names a connection the server closed before
 * answering UND_ERR_SOCKET ("other side closed"); every other HTTP client, and hookd's messages
 * before undici, call that ECONNRESET.
 */
export function shownCode(error: unknown): string | undefined {
  const code = networkCode(error);
  return code === 'UND_ERR_SOCKET' ? 'ECONNRESET' : code;
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter for attempt `n` (1 for the first retry). */
export function backoffMs(n: number, options: RetryOptions): number {
  const base = options.baseDelayMs * 2 ** (n - 1);
  return Math.min(options.maxDelayMs, base / 2 + Math.random() * (base / 2));
}

type Failure = Error & { statusCode?: number; headers?: Record<string, string | string[] | undefined> };

/** How long to wait before attempt `made + 1` of `method` after `failure`, or undefined: do not retry. */
export function retryWait(failure: Failure, method: string, made: number, options: RetryOptions): number | undefined {
  if (made >= options.attempts) return undefined;
  if (failure.statusCode !== undefined) {
    if (!IDEMPOTENT.has(method) || (failure.statusCode !== 429 && failure.statusCode !== 503)) return undefined;
    const header = failure.headers?.['retry-after'];
    const asked = retryAfterMs(Array.isArray(header) ? header[0] : header);
    if (asked !== undefined && asked > options.maxDelayMs) return undefined;
    return asked ?? backoffMs(made, options);
  }
  const code = networkCode(failure);
  if (code === undefined) return undefined;
  const retryable = NEVER_CONNECTED.has(code) || (IDEMPOTENT.has(method) && CONNECTION_LOST.has(code));
  return retryable ? backoffMs(made, options) : undefined;
}

/**
 * The rule as undici's retry interceptor takes it. Written by hand because undici's own rule
 * retries by method alone (it would resend a POST refused before connecting no more than one that
 * reached the server) and waits out any Retry-After up to its cap instead of reporting a long one.
 */
export function retryRule(options: RetryOptions): RetryHandler.RetryCallback {
  return (failure, { state, opts }, done) => {
    const wait = retryWait(failure, opts.method, state.counter, options);
    if (wait === undefined) return done(failure);
    setTimeout(() => done(null), wait);
  };
}
