// What the three fakes of the model APIs share: a loopback server on a free port that reads each
// request whole, records it, and hands it to the fake's own answer; and the two ways they answer.
import { createServer } from 'node:http';

/**
 * @typedef {{ method: string, url: string, body: string }} FakeRequest
 * @typedef {{ url: string, requests: FakeRequest[], close: () => Promise<void> }} FakeApi
 */

/**
 * Serve `answer(request, parsedBody, res)` on 127.0.0.1 at a free port; every request is recorded.
 * @param {(request: FakeRequest, parsed: any, res: import('node:http').ServerResponse) => void} answer
 * @returns {Promise<FakeApi>}
 */
export async function serveFake(answer) {
  /** @type {FakeRequest[]} */
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', body };
      requests.push(request);
      let parsed = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        /* not JSON: answered as text */
      }
      answer(request, parsed, res);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answer with JSON text. @param {import('node:http').ServerResponse} res @param {string} text */
export function sendJson(res, text) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(text);
}

/** Answer with server-sent events, each `[name, data]` (name may be empty). @param {import('node:http').ServerResponse} res @param {Array<[string, unknown]>} events */
export function sendEvents(res, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const [name, data] of events) res.write(`${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  res.end();
}
