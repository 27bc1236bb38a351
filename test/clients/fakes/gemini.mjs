// A fake of the Gemini API (generativelanguage) for Gemini CLI, on loopback. Every model answers
// "hi" with no function call: `:generateContent` as JSON (the CLI's router asks for a JSON
// decision, so it gets one naming a model), `:streamGenerateContent?alt=sse` as one SSE chunk;
// anything else answers `{}`.
// Plain ESM with JSDoc types, so the vitest suite and bench/ both import it.
import { createServer } from 'node:http';

/**
 * @typedef {{ method: string, url: string, body: string }} FakeRequest
 * @typedef {{ url: string, requests: FakeRequest[], close: () => Promise<void> }} FakeApi
 */

/** One candidate with `parts` (or the one part `text`), with usage, as the API answers it. */
function answer(text, parts = [{ text }]) {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1, totalTokenCount: 11 },
    modelVersion: 'gemini-fake',
  };
}

/**
 * Start the fake on 127.0.0.1, a free port. `respond` may return the parts of a streamed answer
 * (e.g. a functionCall) for a request body; by default every answer is the text `text` ("hi").
 * @param {{ text?: string, respond?: (body: any, request: FakeRequest) => object[] | undefined }} [options]
 * @returns {Promise<FakeApi>}
 */
export async function startGeminiFake(options = {}) {
  const text = options.text ?? 'hi';
  /** @type {FakeRequest[]} */
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      requests.push({ method: req.method ?? '', url, body });
      if (url.includes(':streamGenerateContent')) {
        let parsed = {};
        try { parsed = JSON.parse(body); } catch { /* answered as text */ }
        const parts = options.respond?.(parsed, requests[requests.length - 1]);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${JSON.stringify(answer(text, parts))}\r\n\r\n`);
      } else if (url.includes(':generateContent')) {
        // The router (and other helpers) ask for JSON with responseMimeType: give them JSON text.
        const wantsJson = /"responseMimeType"\s*:\s*"application\/json"/.test(body);
        // One object satisfies both of 0.61's routers: the classifier (model_choice) and the numerical one.
        const reply = wantsJson ? JSON.stringify({ reasoning: 'a greeting', model_choice: 'flash', complexity_reasoning: 'a greeting', complexity_score: 5 }) : text;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer(reply)));
      } else if (url.includes(':countTokens')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"totalTokens":10}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
