// A small HTTP client for the daemon's unix socket, used by `hookd status` and tests.
import { request } from 'node:http';

export interface DaemonResponse {
  status: number;
  body: unknown;
}

/** Send one request to the daemon; rejects with the socket error (ENOENT, ECONNREFUSED) if it is not there. */
export function requestDaemon(socketPath: string, method: string, urlPath: string, body?: string | Buffer, timeoutMs = 5000): Promise<DaemonResponse> {
  return new Promise((resolve, reject) => {
    // agent: false: one connection per request, so a socket the daemon closed is never reused.
    const req = request({ socketPath, agent: false, method, path: urlPath, headers: { host: 'hookd', ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) }, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: hand back the text.
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error(`the daemon did not answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}
