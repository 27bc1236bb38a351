// A fake of OpenAI's Chat Completions API for Copilot CLI and Qwen Code, on loopback: every
// `POST …/chat/completions` answers with one assistant message ("hi", no tool call), streamed as SSE
// chunks when the request asks for a stream, else as one JSON object; `GET …/models` lists one
// model; anything else answers `{}`.
// Plain ESM with JSDoc types, so the vitest suite and bench/ both import it.
import { sendJson, serveFake } from './serve.mjs';

/**
 * The chunks of one streamed answer whose content is `text`, or, given `toolCalls`, those calls.
 * @param {string} text @param {string} model @param {Array<{ id: string, name: string, arguments: string }>} [toolCalls]
 */
export function chatChunks(text, model = 'gpt-fake', toolCalls = undefined) {
  const base = {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
  };
  const usage = { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 };
  const delta = toolCalls
    ? {
        role: 'assistant',
        content: null,
        tool_calls: toolCalls.map((call, index) => ({
          index,
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      }
    : { role: 'assistant', content: text };
  return [
    { ...base, choices: [{ index: 0, delta, finish_reason: null }] },
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: toolCalls ? 'tool_calls' : 'stop' }], usage },
  ];
}

/** The whole (not streamed) answer with the same content. */
function chatCompletion(text, model, toolCalls) {
  const message = toolCalls
    ? {
        role: 'assistant',
        content: null,
        tool_calls: toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      }
    : { role: 'assistant', content: text };
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: toolCalls ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
  };
}

/**
 * Start the fake on 127.0.0.1, a free port; point the client's base URL at `${url}/v1`. `respond`
 * may return tool calls for a request body; by default every answer is the text `text` ("hi").
 * @param {{ text?: string, respond?: (body: any, request: import('./types.d.mts').FakeRequest) => Array<{ id: string, name: string, arguments: string }> | undefined }} [options]
 * @returns {Promise<import('./types.d.mts').FakeApi>}
 */
export function startChatFake(options = {}) {
  return serveFake((request, parsed, res) => {
    const { url } = request;
    if (request.method === 'POST' && url.includes('/chat/completions')) {
      const calls = options.respond?.(parsed, request);
      const model = parsed.model ?? 'gpt-fake';
      const text = options.text ?? 'hi';
      if (!parsed.stream) return sendJson(res, JSON.stringify(chatCompletion(text, model, calls)));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const chunk of chatChunks(text, model, calls)) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      res.end('data: [DONE]\n\n');
      return;
    }
    if (url.includes('/models'))
      return sendJson(
        res,
        JSON.stringify({ object: 'list', data: [{ id: 'gpt-4.1', object: 'model', owned_by: 'fake' }] }),
      );
    sendJson(res, '{}');
  });
}
