// Amp in the canonical form's terms (its dialect, then how it is told an answer), as data. The spec
// (hooks/0.1) has no column for it: the slug is hookd's, the names read from the client (said below).
import type { Dialect } from '../dialect.js';
import { CONTEXT, REWRITE, row } from '../answer-row.js';

export const AMP_DIALECT: Dialect = {
  // As OpenCode, through hookd's shim (shims/amp.js) and ~/.config/hookd/amp.json. Amp's tools come
  // from its server per agent mode; these are the ones its default mode listed here (`amp tools
  // list`, 0.0.1790142911). No MCP form was seen.
  client: 'amp',
  slug: 'amp',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    session_start: ['SessionStart'],
    before_prompt: ['UserPromptSubmit'],
    agent_stop: ['Stop'],
  },
  tools: { shell: 'shell_command', file_edit: 'apply_patch', web_search: 'web_search', web_fetch: 'read_web_page' },
  matcher: 'names',
  timeoutUnit: 'seconds',
  // Its agent.start can add to a prompt, never refuse it (its plugin API).
  blocking: { before_prompt: 'observe' },
};

// How Amp is told a canonical answer (answer-row.ts has the shape), through hookd's shim (shims/amp.js,
// shims/core.js): a context on the prompt and a tool's result, a rewritten input as `modify`. A Stop
// block (everyone's exit 2) is its `continue`.
export const AMP_ANSWERS = [
  ...row('amp', ['UserPromptSubmit', 'PostToolUse'], 'context', 0, CONTEXT),
  ...row('amp', ['PreToolUse'], 'rewrite', 0, REWRITE),
];
