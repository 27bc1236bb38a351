// One voice for every error answer of the platform API, whoever sent it: the platform's own
// `{status, title, detail}`, a JSON error without a title, a gateway's HTML page, plain text or
// bytes. It reads `title: detail (HTTP status)` when the body gives them, else the status line and
// a clipped, tag-free excerpt of the body, then what to do: the key variables for a 401 or 403, a
// doubled /api/v0 in HOOKD_API_URL, the wait a 429 asks for, and, for a POST whose answer a
// gateway lost (502, 504), that it may have been applied and how to check.
import { STATUS_CODES } from 'node:http';
import { HookdError } from '../../common/errors.js';
import { excerpt, safeLine } from './answer-text.js';
import { retryAfterMs } from './retry-policy.js';

/** The usual reason phrase of an HTTP status. */
function statusTitle(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** An error answer as it was received, and what the message needs to know around it. */
export interface ErrorAnswer {
  method: string;
  /** The URL that was asked (the first one, before any redirect). */
  url: URL;
  status: number;
  /** The reason phrase of the status line, if the server sent one. */
  statusText?: string;
  body: Buffer;
  retryAfter?: string;
  /** Who sends the key: this process, or the daemon through its proxy. */
  keyHolder: 'here' | 'daemon';
  /** The path of HOOKD_API_URL (`''` or `/prefix`), to spot an /api/v0 given twice. */
  apiBasePath: string;
  /** The command that shows whether a change took effect (see Endpoint.check). */
  check?: string | undefined;
}

/** A non-2xx answer of the platform API. */
export class ApiError extends HookdError {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly metadata: Record<string, unknown> | undefined;
  /** The URL had /api/v0 twice (HOOKD_API_URL ends in /api/v0): the message already says so. */
  readonly prefixDoubled: boolean;

  constructor(
    body: { status: number; title: string; detail: string; metadata?: Record<string, unknown> | undefined },
    hints: string[] = [],
    prefixDoubled = false,
  ) {
    const head = body.detail ? `${body.title}: ${body.detail}` : body.title;
    super('EAPI', [`${head} (HTTP ${body.status})`, ...hints].join('; '));
    this.name = 'ApiError';
    this.status = body.status;
    this.title = body.title;
    this.detail = body.detail;
    this.metadata = body.metadata;
    this.prefixDoubled = prefixDoubled;
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Title, detail and metadata from a JSON error body, whatever names its sender used. */
function fromJson(value: unknown): { title?: string; detail?: string; metadata?: Record<string, unknown> } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const body = value as Record<string, unknown>;
  const nested = typeof body.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : {};
  // The platform's detail first, then the names other gateways and frameworks use.
  const detail =
    text(body.detail) ?? text(body.message) ?? text(nested.message) ?? text(body.error_description) ?? text(body.error);
  const title = text(body.title) ?? (detail === text(body.error) ? undefined : text(body.error));
  const metadata =
    typeof body.metadata === 'object' && body.metadata !== null && !Array.isArray(body.metadata)
      ? (body.metadata as Record<string, unknown>)
      : undefined;
  if (!title && !detail) return undefined;
  return { ...(title ? { title } : {}), ...(detail ? { detail } : {}), ...(metadata ? { metadata } : {}) };
}

/** The body as JSON when it is a JSON object; undefined for anything else. */
function parsed(body: Buffer): unknown {
  if (!body.subarray(0, 64).toString('utf8').trimStart().startsWith('{')) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Where a base URL that ends in /api/v0 made the path say it twice; the fix to name. */
function doubledPrefix(answer: ErrorAnswer): string | undefined {
  const base = answer.apiBasePath.replace(/\/+$/, '');
  if (!/\/api\/v0$/.test(base) || !answer.url.pathname.startsWith(`${base}/api/v0`)) return undefined;
  const fixed = `${answer.url.origin}${base.slice(0, -'/api/v0'.length)}`;
  return `HOOKD_API_URL ends in /api/v0 and hookd adds /api/v0 to every path, so this one has it twice (${answer.url.pathname}): set HOOKD_API_URL to ${fixed}`;
}

function keyHint(answer: ErrorAnswer): string | undefined {
  const key =
    answer.keyHolder === 'daemon'
      ? "the daemon's key (HOOKD_API_KEY or HOOKD_API_KEY_FILE in the environment of hookd daemon; restart it after a change)"
      : 'the key (HOOKD_API_KEY, or the file HOOKD_API_KEY_FILE names)';
  if (answer.status === 401) return `check ${key}`;
  if (answer.status === 403)
    return `the API refused ${key} this request: a key of another organization, or without the role it needs?`;
  return undefined;
}

function waitHint(answer: ErrorAnswer): string | undefined {
  if (answer.status !== 429 && answer.status !== 503) return undefined;
  const ms = retryAfterMs(answer.retryAfter);
  return ms === undefined ? undefined : `the API asks to wait ${Math.ceil(ms / 1000)} s before trying again`;
}

function lostHint(answer: ErrorAnswer): string | undefined {
  if (answer.method !== 'POST' || (answer.status !== 502 && answer.status !== 504)) return undefined;
  return `a gateway lost the answer, so the request may have been applied: check with ${answer.check ?? 'a listing of what it changes'} before sending it again`;
}

/** The error of a non-2xx answer, in the one voice. */
export function toApiError(answer: ErrorAnswer): ApiError {
  const json = fromJson(parsed(answer.body));
  const reason = text(answer.statusText) ?? statusTitle(answer.status);
  const title = safeLine(json?.title ?? reason, 100);
  const detail = json ? safeLine(json.detail ?? '', 300) : answer.body.length === 0 ? '' : excerpt(answer.body, 200);
  const doubled = doubledPrefix(answer);
  const hints = [doubled, keyHint(answer), waitHint(answer), lostHint(answer)].filter(
    (hint): hint is string => hint !== undefined,
  );
  return new ApiError(
    { status: answer.status, title, detail, ...(json?.metadata ? { metadata: json.metadata } : {}) },
    hints,
    doubled !== undefined,
  );
}
