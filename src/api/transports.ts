// How a request reaches a server. The client speaks to the platform with Node's fetch; through
// the daemon it speaks HTTP over the daemon's unix socket with node:http (fetch cannot use a
// socket path without undici's dispatcher, which Node does not expose).
import http from 'node:http';

export interface WireRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | Buffer;
  signal: AbortSignal;
}

export interface WireResponse {
  status: number;
  header(name: string): string | undefined;
  body: string;
}

/** Sends one request and reads the whole answer; redirects are returned, not followed. */
export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** A transport on Node's fetch, with redirects left to the caller. */
export const fetchTransport: Transport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    redirect: 'manual',
  });
  const body = await response.text();
  return { status: response.status, header: (name) => response.headers.get(name) ?? undefined, body };
};

/** A transport to the HTTP server on a unix socket; the URL's host is ignored. */
export function socketTransport(socketPath: string): Transport {
  return (request) =>
    new Promise<WireResponse>((resolve, reject) => {
      const outgoing = http.request(
        { socketPath, method: request.method, path: `${request.url.pathname}${request.url.search}`, headers: { host: 'hookd', ...request.headers }, signal: request.signal },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const header = (name: string) => {
              const value = incoming.headers[name.toLowerCase()];
              return Array.isArray(value) ? value.join(', ') : value;
            };
            resolve({ status: incoming.statusCode ?? 0, header, body: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
}
