// One request through the proxy, from its check to the upstream's answer: the path parameters and
// the query's known parameters checked against the endpoint's schemas (unknown ones pass, like
// unknown body fields), the body read under the endpoint's cap and checked (400 or 413, nothing
// sent upstream), then forwarded with the key. A network failure is 502, an
// upstream timeout 504, and no configured key 503, each in the platform's error shape.
import type http from 'node:http';
import { describeError } from '../../common/errors.js';
import { sendError } from '../../http/answers.js';
import { readBody } from '../../http/read-body.js';
import { showSize } from '../../common/show-size.js';
import type { Exchange, Params } from '../../http/router.js';
import { checkBody, checkHead, type Checked } from './check-request.js';
import { fillPath, type Endpoint } from './endpoint.js';
import { shownCode } from './retry-policy.js';
import { forwardRequest, type ForwardRequest, type UpstreamAnswer, type UpstreamLink } from './forward-request.js';

/** Where and how the proxy forwards. */
export interface Upstream {
  /** The upstream's address and its kept-alive connections. */
  link: UpstreamLink;
  /** The path of the upstream's URL without its trailing slash, put before every forwarded path. */
  basePath: string;
  timeoutMs: number;
  apiKey: string | undefined;
  /** Why no key is available (a refused key file), shown in the 503. */
  keyProblem?: string;
}

/** The upstream's answer, status and body unchanged, with the headers a client needs. */
function sendUpstream(res: http.ServerResponse, answer: UpstreamAnswer): void {
  const headers: Record<string, string> = { 'content-length': String(answer.body.length) };
  for (const name of ['content-type', 'retry-after', 'x-request-id']) {
    const value = answer.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

/** A request on its way through the proxy, and the status it ended with (499: the client left). */
export interface Passage extends Exchange {
  status: number;
}

function refuse(passage: Passage, status: number, detail: string, headers?: Record<string, string>): void {
  sendError(passage.res, status, detail, headers);
  passage.status = status;
}

// The upstream path of a request, or why it is refused, by method, path and query: a hook asks the
// same thing again and again (`GET /api/v0/sessions?limit=20`), and the schemas' check was a
// quarter of what the proxy adds to a request (bench/proxy.mjs). Both are a function of those
// three; bounded, so a caller varying them costs memory no more than this many entries.
const HEADS_KEPT = 256;
const heads = new Map<string, Checked<string>>();

function forwardedPath(endpoint: Endpoint, params: Params, url: URL): Checked<string> {
  const key = `${endpoint.method} ${url.pathname}${url.search}`;
  let path = heads.get(key);
  if (path) return path;
  // Unknown query parameters pass, as unknown body fields do: the API checks what it knows.
  const head = checkHead(endpoint, params, url.searchParams, 'pass');
  // Checking changes no value, so the query goes up as it came: every name, a known one never twice.
  const search = url.searchParams.size > 0 ? `?${url.searchParams.toString()}` : '';
  path = head.ok
    ? { ok: true, value: `${fillPath(endpoint.path, head.value.params as Record<string, string>)}${search}` }
    : head;
  if (heads.size >= HEADS_KEPT) heads.clear();
  heads.set(key, path);
  return path;
}

/**
 * Check the request to `endpoint`, read and check its body, then forward it; `passage.status` says
 * how it ended. Plain promises rather than async functions: this is the proxy's hot path.
 */
export function passRequest(
  upstream: Upstream,
  endpoint: Endpoint,
  passage: Passage,
  params: Params,
): Promise<void> | void {
  const { req, url } = passage;
  const path = forwardedPath(endpoint, params, url);
  if (!path.ok) {
    req.resume();
    return refuse(passage, 400, path.problems.join('; '));
  }
  const request = { method: endpoint.method as ForwardRequest['method'], path: `${upstream.basePath}${path.value}` };
  if (!endpoint.body) {
    req.resume();
    return forward(upstream, passage, { ...request, body: undefined });
  }
  const maxBody = endpoint.proxy?.maxBody ?? 0;
  return readBody(req, maxBody).then((read) => {
    if (!read.ok) {
      if (read.reason === 'aborted') return void (passage.status = 499);
      return refuse(
        passage,
        413,
        `request body is over the ${showSize(maxBody)} limit of ${endpoint.method} ${url.pathname}; send smaller attachments`,
        { connection: 'close' },
      );
    }
    const checked = checkBody(endpoint, read.body);
    if (!checked.ok) return refuse(passage, 400, checked.problems.join('; '));
    return forward(upstream, passage, { ...request, body: read.body });
  });
}

function forward(
  upstream: Upstream,
  passage: Passage,
  request: Pick<ForwardRequest, 'method' | 'path' | 'body'>,
): Promise<void> | void {
  const { res } = passage;
  if (!upstream.apiKey) {
    const detail = upstream.keyProblem
      ? `the proxy is not configured: ${upstream.keyProblem}; fix it in the environment of hookd daemon and restart it`
      : 'the daemon has no API key: set HOOKD_API_KEY or HOOKD_API_KEY_FILE (a file only you can read) in the environment of hookd daemon and restart it';
    return refuse(passage, 503, detail);
  }
  let clientGone = false;
  const onCancel = (cancel: () => void) =>
    res.once('close', () => {
      if (!res.writableFinished) {
        clientGone = true;
        cancel();
      }
    });
  const origin = upstream.link.url.origin;
  return forwardRequest(upstream.link, {
    ...request,
    apiKey: upstream.apiKey,
    timeoutMs: upstream.timeoutMs,
    onCancel,
  }).then(
    (answer) => {
      sendUpstream(res, answer);
      passage.status = answer.status;
    },
    (error: unknown) => {
      if ((error as Error).name === 'TimeoutError')
        return refuse(
          passage,
          504,
          `the platform API at ${origin} did not answer within ${upstream.timeoutMs / 1000}s; try again later`,
        );
      if (clientGone) return void (passage.status = 499);
      refuse(
        passage,
        502,
        `cannot reach the platform API at ${origin} (${shownCode(error) ?? describeError(error)}); check the network and HOOKD_API_URL of the daemon`,
      );
    },
  );
}
