// The one client of the daemon's unix socket for single requests: `hookd status`, `hookd doctor`,
// `hookd history` and the tests send them with requestDaemon. It is Node's own http, not undici:
// these commands start often (a test suite, a shell prompt, a status bar), and loading undici cost
// each about 80 ms of CPU for one request. Streams and the API proxy use daemonAgent (daemon-agent.ts).
import http from 'node:http';

/** The daemon's answer: its status, and its body parsed as JSON (or the text when it is not). */
export interface DaemonResponse {
  status: number;
  body: unknown;
}

/**
 * Send one request to the daemon; rejects with the socket error (ENOENT, ECONNREFUSED) if it is
 * not there, and with ETIMEDOUT when the socket stays silent for `timeoutMs` (before the answer
 * starts, or between two parts of it).
 */
export function requestDaemon(
  socketPath: string,
  method: string,
  urlPath: string,
  body?: string | Buffer,
  timeoutMs = 5000,
): Promise<DaemonResponse> {
  return new Promise((resolve, reject) => {
    // A connection of its own (agent: false), so a socket the daemon closed (a restart) is never reused.
    const request = http.request({
      socketPath,
      path: urlPath,
      method,
      agent: false,
      headers: { host: 'hookd', ...(body !== undefined && { 'content-type': 'application/json' }) },
    });
    request.setTimeout(timeoutMs, () =>
      request.destroy(
        Object.assign(new Error(`the daemon did not answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' }),
      ),
    );
    request.on('error', reject);
    request.on('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // Not JSON: hand back the text.
        }
        resolve({ status: answer.statusCode ?? 0, body: parsed });
      });
    });
    request.end(body);
  });
}
