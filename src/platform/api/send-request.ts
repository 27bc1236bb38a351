// One call to the platform over the client's dispatcher (client-dispatcher.ts, which follows
// redirects and retries): the headers every call carries (a body and its content type only when
// there is a body: some intermediaries refuse a GET that has one), a deadline per attempt and for
// reading the answer, a cap on the answer's size, and failures turned into errors people can act
// on. When the answer of a change was lost, the message says it may have been applied and how to
// check: a POST is never sent twice (retry-policy.ts).
import type { Dispatcher } from 'undici';
import { HookdError } from '../../common/errors.js';
import { showSize, MIB } from '../../common/show-size.js';
import { MAX_REDIRECTS } from './client-dispatcher.js';
import { IDEMPOTENT, mayHaveArrived, networkCode, shownCode } from './retry-policy.js';

/** How every call of one client is sent. */
export interface CallOptions {
  dispatcher: Dispatcher;
  /** How long each attempt may wait for the answer's headers, and then for its whole body. */
  timeoutMs: number;
  /** The bearer credential; undici keeps it only while redirects stay on the origin of `url`. */
  apiKey: string | undefined;
  userAgent: string;
  /** How a connection failure names the server, e.g. the daemon's socket; defaults to the URL's origin. */
  target?: string;
}

/** One call: method, full URL, and the body, already serialized, if any. */
export interface Call {
  method: string;
  url: URL;
  /** JSON text; undefined sends no body and no content type. */
  body?: string | undefined;
  /** The command that shows whether a change took effect, named when its answer is lost. */
  check?: string | undefined;
}

/** The final answer of a call: any status, the body as sent. */
export interface Reply {
  status: number;
  /** The reason phrase of the status line ('' when the server sent none). */
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Answers past this size are refused rather than held in memory. */
export const MAX_ANSWER_BYTES = 64 * MIB;

const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'EANSWER_DEADLINE']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What to say after a change whose answer was lost (a POST is not resent; a PUT may be). */
function lostAnswer(call: Call): string {
  if (IDEMPOTENT.has(call.method)) return '; the request may have been applied (sending it again is harmless)';
  return `; the request may have been applied: check with ${call.check ?? 'a listing of what it changes'} before sending it again (hookd never resends a POST)`;
}

function failure(call: Call, options: CallOptions, error: unknown): HookdError {
  if (error instanceof HookdError) return error;
  const where = `${call.method} ${call.url.origin}${call.url.pathname}`;
  const code = networkCode(error);
  const lost = READS.has(call.method) || !mayHaveArrived(code) ? '' : lostAnswer(call);
  if (TIMEOUTS.has(code ?? '')) {
    return new HookdError(
      'ETIMEOUT',
      `${where}: no answer within ${options.timeoutMs / 1000}s (--timeout)${lost || '; try again later'}`,
      { cause: error },
    );
  }
  if (/redirect loop/i.test((error as Error)?.message ?? ''))
    return new HookdError('EREDIRECT', `${where}: the redirects go round in a loop${lost}`, { cause: error });
  const what = shownCode(error) ?? (error as Error)?.message ?? String(error);
  if (lost)
    return new HookdError('ENETWORK', `${where}: the connection closed before the answer came (${what})${lost}`, {
      cause: error,
    });
  const target = options.target ?? `${call.url.origin}; check HOOKD_API_URL / HOOKD_APP_URL and the network`;
  return new HookdError('ENETWORK', `cannot reach ${target} (${what})`, { cause: error });
}

/** The whole body, under the size cap and the deadline. */
async function readAnswer(call: Call, answer: Dispatcher.ResponseData, options: CallOptions): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // undici's bodyTimeout is between chunks: a server that drips a byte at a time needs a whole deadline.
  const deadline = setTimeout(
    () => answer.body.destroy(Object.assign(new Error('answer deadline'), { code: 'EANSWER_DEADLINE' })),
    options.timeoutMs,
  );
  try {
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_ANSWER_BYTES) {
        answer.body.destroy();
        const accepted =
          answer.statusCode >= 200 && answer.statusCode < 300 && call.method !== 'GET'
            ? ' (the request was accepted)'
            : '';
        throw new HookdError(
          'EAPI_RESPONSE',
          `${call.method} ${call.url.origin}${call.url.pathname}: the answer (HTTP ${answer.statusCode})${accepted} is over ${showSize(MAX_ANSWER_BYTES)}; hookd stopped reading it`,
        );
      }
      chunks.push(chunk as Buffer);
    }
  } finally {
    clearTimeout(deadline);
  }
  return Buffer.concat(chunks);
}

/** Send `call` and return the final answer (any status); throws only when no whole answer came. */
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
      ...(call.body !== undefined ? { body: call.body } : {}),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const body = await readAnswer(call, answer, options);
    // undici hands over the last redirect as the answer once it stops following them.
    if (REDIRECTS.has(answer.statusCode) && answer.headers.location) {
      throw new HookdError('EREDIRECT', `${call.url.origin}${call.url.pathname}: more than ${MAX_REDIRECTS} redirects`);
    }
    return {
      status: answer.statusCode,
      statusText: (answer as { statusText?: string }).statusText ?? '',
      headers: answer.headers,
      body,
    };
  } catch (error) {
    throw failure(call, options, error);
  }
}
