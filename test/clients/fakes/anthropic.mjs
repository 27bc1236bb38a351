// A fake of Anthropic's Messages API for Claude Code, on loopback: every `POST /v1/messages`
// answers with one streamed text message ("hi", no tool call); any other path answers `{}`.
// Plain ESM with JSDoc types, so the vitest suite and bench/ both import it.
import { sendEvents, sendJson, serveFake } from './serve.mjs';

/**
 * @typedef {{ method: string, url: string, body: string }} FakeRequest
 * @typedef {{ url: string, requests: FakeRequest[], close: () => Promise<void> }} FakeApi
 * @typedef {{ text?: string, respond?: (body: any, request: FakeRequest) => any[] | undefined }} AnthropicOptions
 */

/** The SSE events of one assistant message whose content is `blocks` (text or tool_use). */
export function messageEvents(blocks, stopReason = 'end_turn', model = 'claude-fake') {
  const events = [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          id: `msg_${Math.random().toString(36).slice(2)}`,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 10, output_tokens: 1 },
        },
      },
    ],
  ];
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
      ]);
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } },
      ]);
    } else {
      events.push([
        'content_block_start',
        {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        },
      ]);
      events.push([
        'content_block_delta',
        {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        },
      ]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push([
    'message_delta',
    { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return events;
}

/**
 * Start the fake on 127.0.0.1, a free port. `respond` may return the content blocks of an answer
 * (e.g. a tool_use) for a request body; by default every answer is the text `text` ("hi").
 * @param {AnthropicOptions} [options]
 * @returns {Promise<FakeApi>}
 */
export function startAnthropicFake(options = {}) {
  return serveFake((request, parsed, res) => {
    const { url } = request;
    if (request.method !== 'POST' || !url.startsWith('/v1/messages') || url.startsWith('/v1/messages/count_tokens')) {
      return sendJson(res, url.startsWith('/v1/messages/count_tokens') ? '{"input_tokens":10}' : '{}');
    }
    const blocks = options.respond?.(parsed, request) ?? [{ type: 'text', text: options.text ?? 'hi' }];
    const stop = blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
    sendEvents(res, messageEvents(blocks, stop, parsed.model));
  });
}
