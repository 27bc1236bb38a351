// A fake of OpenAI's Responses API for Codex, on loopback: every `POST /v1/responses` answers with
// one streamed assistant message ("hi", no tool call); `GET .../models` lists none; anything else
// answers `{}`.
// Plain ESM with JSDoc types, so the vitest suite and bench/ both import it.
import { sendEvents, sendJson, serveFake } from './serve.mjs';

/**
 * @typedef {{ method: string, url: string, body: string }} FakeRequest
 * @typedef {{ url: string, requests: FakeRequest[], close: () => Promise<void> }} FakeApi
 */

/**
 * The SSE events of one response whose only output is the assistant message `text`, or, given
 * `items`, those output items (a function_call, say) as they are done.
 */
export function responseEvents(text, model = 'gpt-fake', items = undefined) {
  const id = `resp_${Math.random().toString(36).slice(2)}`;
  const base = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), model, output: [] };
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 1,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 11,
  };
  if (items) {
    return [
      { type: 'response.created', response: { ...base, status: 'in_progress' } },
      ...items.flatMap((item, index) => [
        { type: 'response.output_item.added', output_index: index, item: { ...item, status: 'in_progress' } },
        { type: 'response.output_item.done', output_index: index, item },
      ]),
      { type: 'response.completed', response: { ...base, status: 'completed', output: items, usage } },
    ];
  }
  const item = {
    type: 'message',
    id: `msg_${id}`,
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
  return [
    { type: 'response.created', response: { ...base, status: 'in_progress' } },
    { type: 'response.output_item.added', output_index: 0, item: { ...item, status: 'in_progress', content: [] } },
    {
      type: 'response.content_part.added',
      output_index: 0,
      item_id: item.id,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    },
    { type: 'response.output_text.delta', output_index: 0, item_id: item.id, content_index: 0, delta: text },
    { type: 'response.output_text.done', output_index: 0, item_id: item.id, content_index: 0, text },
    { type: 'response.content_part.done', output_index: 0, item_id: item.id, content_index: 0, part: item.content[0] },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: { ...base, status: 'completed', output: [item], usage } },
  ];
}

/**
 * Start the fake on 127.0.0.1, a free port. Point a Codex model provider's `base_url` at
 * `${url}/v1`. `respond` may return the output items of an answer (a function_call, say) for a
 * request body; by default every answer is the text `text` ("hi").
 * @param {{ text?: string, respond?: (body: any, request: FakeRequest) => object[] | undefined }} [options]
 * @returns {Promise<FakeApi>}
 */
export function startOpenAiFake(options = {}) {
  return serveFake((request, parsed, res) => {
    const { url } = request;
    if (request.method === 'POST' && url.startsWith('/v1/responses')) {
      const items = options.respond?.(parsed, request);
      return sendEvents(
        res,
        responseEvents(options.text ?? 'hi', parsed.model, items).map((event) => [event.type, event]),
      );
    }
    sendJson(res, url.startsWith('/v1/models') ? '{"object":"list","data":[],"models":[]}' : '{}');
  });
}
