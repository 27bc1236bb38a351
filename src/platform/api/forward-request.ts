// One request to the platform API for the proxy, on node:http(s) with a kept-alive agent. The whole
// answer is read before it is passed on, so a stalled upstream becomes a clean 504 instead of a
// truncated body. A GET whose kept-alive connection the server had closed fails at once and is
// sent once more; nothing else is retried.
//
// Why node:http and not undici, which the API client uses: this is the proxy's hot path, and in
// bench/proxy.mjs an undici Pool (7.30) in its place roughly doubled the latency the proxy adds
// over the bare pass-through (median 2.1× the bare one's, against 1.4× here) and left throughput
// under the 0.9 goal in 13 of 28 runs. Besides its per-request handler layers, undici checks an
// idle kept-alive socket with a setImmediate before each reuse: a turn of the event loop per
// proxied request. The proxy's one retry rule is a few lines below; undici's interceptor would
// bring nothing else here.
import http from 'node:http';
import https from 'node:https';
import { networkCode } from './retry-policy.js';

/** Where the proxy sends: the upstream's address and its kept-alive connections. */
export interface UpstreamLink {
  url: URL;
  agent: http.Agent;
}

/** One request the proxy sends upstream. */
export interface ForwardRequest {
  method: 'GET' | 'POST';
  /** Path and query, already encoded. */
  path: string;
  apiKey: string;
  body: Buffer | undefined;
  timeoutMs: number;
  /** Receives the function that cancels the request, for when the client goes away. */
  onCancel(cancel: () => void): void;
}

/** The upstream's whole answer. */
export interface UpstreamAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Upstream answers past this size are refused (502) rather than held in memory. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** A link to `url` with kept-alive connections. */
export function upstreamLink(url: URL): UpstreamLink {
  return {
    url,
    agent: url.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true }),
  };
}

/** Send the request; rejects with a TimeoutError when the whole answer did not come in time. */
export function forwardRequest(link: UpstreamLink, request: ForwardRequest): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    let cancelled = false;
    const attempt = (first: boolean) =>
      sendOnce(
        link,
        request,
        resolve,
        (error) => {
          // A kept-alive connection the server closed while idle fails at once: a GET may go again.
          const code = networkCode(error);
          if (first && !cancelled && request.method === 'GET' && (code === 'ECONNRESET' || code === 'EPIPE'))
            attempt(false);
          else reject(error);
        },
        () => (cancelled = true),
      );
    attempt(true);
  });
}

function sendOnce(
  link: UpstreamLink,
  request: ForwardRequest,
  resolve: (answer: UpstreamAnswer) => void,
  reject: (error: Error) => void,
  onCancelled: () => void,
): void {
  const headers: http.OutgoingHttpHeaders = {
    accept: 'application/json',
    authorization: `Bearer ${request.apiKey}`,
    'user-agent': 'hookd-proxy',
  };
  if (request.body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = request.body.length;
  }
  const { url, agent } = link;
  const send = url.protocol === 'https:' ? https.request : http.request;
  const outgoing = send({
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port,
    method: request.method,
    path: request.path,
    headers,
    agent,
  });
  let timedOut: Error | undefined;
  const timer = setTimeout(() => {
    timedOut = new Error(`no answer within ${request.timeoutMs} ms`);
    timedOut.name = 'TimeoutError';
    outgoing.destroy(timedOut);
  }, request.timeoutMs);
  // A callback rather than an AbortSignal: EventTarget costs more than the rest of the hot path.
  request.onCancel(() => {
    onCancelled();
    outgoing.destroy(new Error('the client went away'));
  });
  const fail = (error: Error) => {
    clearTimeout(timer);
    reject(timedOut ?? error);
  };
  outgoing.on('error', fail);
  outgoing.on('response', (incoming) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) outgoing.destroy(new Error(`answer over ${MAX_ANSWER_BYTES} bytes`));
      else chunks.push(chunk);
    });
    let ended = false;
    incoming.on('error', fail);
    // A destroyed answer may close without 'end'. The flag matters: an Error costs a stack trace.
    incoming.on('close', () => {
      if (!ended) fail(new Error('the upstream closed the connection mid-answer'));
    });
    incoming.on('end', () => {
      ended = true;
      clearTimeout(timer);
      resolve({ status: incoming.statusCode ?? 502, headers: incoming.headers, body: Buffer.concat(chunks) });
    });
  });
  outgoing.end(request.body);
}
