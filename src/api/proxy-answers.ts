// What the proxy writes back: its own errors in the platform's shape, and the upstream's answer
// unchanged (status, body, and the headers that matter to a client: type, Retry-After, request id).
import type http from 'node:http';
import type { UpstreamAnswer } from './forward-request.js';

/** An answer of the proxy itself, in the platform's error shape. */
export { sendError } from '../common/http-answers.js';

/** The upstream's answer, status and body unchanged, with the headers a client needs. */
export function sendUpstream(res: http.ServerResponse, answer: UpstreamAnswer): void {
  const headers: Record<string, string> = { 'content-length': String(answer.body.length) };
  for (const name of ['content-type', 'retry-after', 'x-request-id']) {
    const value = answer.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}
