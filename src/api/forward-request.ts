// One request to the platform API for the proxy, on node:http(s) with a kept-alive agent (the
// proxy's hot path: fetch costs more per call). The whole answer is read before it is passed on,
// so a stalled upstream becomes a clean 504 instead of a truncated body.
import http from 'node:http';
import https from 'node:https';

export interface ForwardRequest {
  url: URL;
  secure: boolean;
  agent: http.Agent;
  method: string;
  /** Path and query, already encoded. */
  path: string;
  apiKey: string;
  body: Buffer | undefined;
  timeoutMs: number;
  /** Receives the function that cancels the request, for when the client goes away. */
  onCancel(cancel: () => void): void;
}

export interface UpstreamAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Upstream answers past this size are refused (502) rather than held in memory. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** Send the request; rejects with a TimeoutError when the whole answer did not come in time. */
export function forwardRequest(request: ForwardRequest): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json', authorization: `Bearer ${request.apiKey}`, 'user-agent': 'hookd-proxy' };
    if (request.body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = request.body.length;
    }
    const send = request.secure ? https.request : http.request;
    const outgoing = send({ protocol: request.url.protocol, hostname: request.url.hostname, port: request.url.port, method: request.method, path: request.path, headers, agent: request.agent });
    let timedOut: Error | undefined;
    const timer = setTimeout(() => {
      timedOut = new Error(`no answer within ${request.timeoutMs} ms`);
      timedOut.name = 'TimeoutError';
      outgoing.destroy(timedOut);
    }, request.timeoutMs);
    // A callback rather than an AbortSignal: EventTarget costs more than the rest of the hot path.
    request.onCancel(() => outgoing.destroy(new Error('the client went away')));
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
  });
}
