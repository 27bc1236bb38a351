// A real node:http server for the API tests that records every request as it arrived (method,
// path, headers, body bytes) and answers what the test says: any status, headers and body, a
// dropped connection after the request was read, or a body dripped too slowly. What a gateway,
// a drifting server or a hostile one would send, and proof of what hookd sent.
import http from 'node:http';
import { onTestFinished } from 'vitest';

/** One request as the server received it. */
export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** What to answer a request: a reply, or `drop` (close the connection once the request is read), or `drip` (headers, then a byte a second). */
export type Reply = { status: number; headers?: Record<string, string>; body?: string | Buffer } | 'drop' | 'drip';

/** A recording server on 127.0.0.1, closed when the test ends. */
export async function recordingServer(
  answer: (request: Received) => Reply,
): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      received.push(request);
      const reply = answer(request);
      if (reply === 'drop') return void req.socket.destroy();
      if (reply === 'drip') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), 1000);
        timers.add(timer);
        res.on('close', () => clearInterval(timer));
        return;
      }
      const body = reply.body ?? '';
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        ...reply.headers,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, received };
}

/** A JSON reply. */
export const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  body: JSON.stringify(value),
  headers,
});
