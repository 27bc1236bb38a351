// When a failed call may be tried again, and how long to wait. Idempotent calls (GET, PUT,
// PATCH) are retried on 429 and 503, honouring Retry-After, and on connection failures. A POST is
// resent only when the connection was never made, so it cannot have reached the server.
export const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Errors raised before a single byte could reach the server. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENOENT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Errors after which the request may or may not have arrived. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ETIMEDOUT']);

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts: number;
  /** First backoff; doubles each time, with jitter. */
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is reported instead. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 4, baseDelayMs: 200, maxDelayMs: 30_000 };

/** The error code of a failed fetch or socket call (fetch hides it in `cause`). */
export function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether a call that failed with a network error may be sent again. */
export function mayRetryNetworkError(method: string, code: string | undefined): boolean {
  if (code && NEVER_CONNECTED.has(code)) return true;
  return IDEMPOTENT.has(method) && code !== undefined && CONNECTION_LOST.has(code);
}

/** Whether an answer asks to try again later (idempotent calls only). */
export function mayRetryStatus(method: string, status: number): boolean {
  return IDEMPOTENT.has(method) && (status === 429 || status === 503);
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

/** Wait, or stop waiting when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
