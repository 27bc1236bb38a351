// A fake of the Gemini API (generativelanguage) for Gemini CLI, on loopback. Every model answers
// "hi" with no function call: `:generateContent` as JSON (the CLI's router asks for a JSON
// decision, so it gets one naming a model), `:streamGenerateContent?alt=sse` as one SSE chunk;
// anything else answers `{}`.
// Plain ESM with JSDoc types, so the vitest suite and bench/ both import it.
import { sendJson, serveFake } from './serve.mjs';

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
export function startGeminiFake(options = {}) {
  const text = options.text ?? 'hi';
  return serveFake((request, parsed, res) => {
    const { url, body } = request;
    if (url.includes(':streamGenerateContent')) {
      const parts = options.respond?.(parsed, request);
      // One chunk, ended the way the API ends its events (CRLF).
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return res.end(`data: ${JSON.stringify(answer(text, parts))}\r\n\r\n`);
    }
    if (url.includes(':generateContent')) {
      // The router (and other helpers) ask for JSON with responseMimeType: give them JSON text.
      const wantsJson = /"responseMimeType"\s*:\s*"application\/json"/.test(body);
      // One object satisfies both of 0.61's routers: the classifier (model_choice) and the numerical one.
      const reply = wantsJson
        ? JSON.stringify({
            reasoning: 'a greeting',
            model_choice: 'flash',
            complexity_reasoning: 'a greeting',
            complexity_score: 5,
          })
        : text;
      return sendJson(res, JSON.stringify(answer(reply)));
    }
    sendJson(res, url.includes(':countTokens') ? '{"totalTokens":10}' : '{}');
  });
}
