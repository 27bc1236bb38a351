// A fake of Augment's backend for Auggie, on loopback (Auggie talks to its tenant's backend, not to
// a model API: AUGMENT_SESSION_AUTH names the tenant's URL, here this fake's). Read from Auggie
// 0.36.0's bundle: `POST /get-models` answers one model, and the tenant feature flag
// `enable_hooks` that Auggie runs hooks only under; `POST /agents/list-remote-tools` no remote tools;
// `POST /chat-stream` one answer as newline-delimited JSON chunks (`text`, `nodes`, `stop_reason`):
// the text "hi", or, given `respond`, one tool call node (type 5, `tool_use` with `input_json`);
// anything else (`/report-error`, `/settings/…`) answers `{}`.
// Plain ESM with JSDoc types, so the vitest suite and bench/ both import it.
import { sendJson, serveFake } from './serve.mjs';

// Its ChatStopReason values (END_TURN, TOOL_USE_REQUESTED) and the node types (RAW_RESPONSE, TOOL_USE).
const END_TURN = 1;
const TOOL_USE_REQUESTED = 3;
const RAW_RESPONSE = 0;
const TOOL_USE = 5;

const MODELS = {
  default_model: 'fake',
  models: [{ name: 'fake', suggested_prefix_char_count: 0, suggested_suffix_char_count: 0 }],
  languages: [],
  // What its tenant would say: hooks are on (Auggie gates them by this flag).
  feature_flags: { enable_hooks: true },
};

/**
 * The chunks of one answer: the text `text`, or the tool call `call`.
 * @param {string} text @param {{ id: string, name: string, input: object } | undefined} call
 */
export function augmentChunks(text, call) {
  if (call)
    return [
      {
        text: '',
        nodes: [
          {
            id: 1,
            type: TOOL_USE,
            content: '',
            tool_use: { tool_use_id: call.id, tool_name: call.name, input_json: JSON.stringify(call.input) },
          },
        ],
        stop_reason: TOOL_USE_REQUESTED,
      },
    ];
  return [
    { text, nodes: [{ id: 0, type: RAW_RESPONSE, content: text }] },
    { text: '', nodes: [], stop_reason: END_TURN },
  ];
}

/**
 * Start the fake on 127.0.0.1, a free port; give Auggie
 * `AUGMENT_SESSION_AUTH={"accessToken": …, "tenantURL": "${url}/"}`. `respond` may return one tool
 * call for a chat request body; by default every answer is the text `text` ("hi").
 * @param {{ text?: string, respond?: (body: any, request: import('./types.d.mts').FakeRequest) => { id: string, name: string, input: object } | undefined }} [options]
 * @returns {Promise<import('./types.d.mts').FakeApi>}
 */
export function startAugmentFake(options = {}) {
  return serveFake((request, parsed, res) => {
    const { url } = request;
    if (url.startsWith('/get-models')) return sendJson(res, JSON.stringify(MODELS));
    if (url.startsWith('/agents/list-remote-tools')) return sendJson(res, JSON.stringify({ tools: [] }));
    if (url.startsWith('/chat-stream')) {
      const chunks = augmentChunks(options.text ?? 'hi', options.respond?.(parsed, request));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(chunks.map((chunk) => `${JSON.stringify(chunk)}\n`).join(''));
      return;
    }
    sendJson(res, '{}');
  });
}
