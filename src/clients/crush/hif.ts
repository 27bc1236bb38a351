// Crush in the canonical form's terms (its dialect, then how it is told an answer), as data. The
// spec (hooks/0.1) has no column for it: the slug is hookd's, the names read from the client (said
// below).
import type { Dialect } from '../dialect.js';
import { row } from '../answer-row.js';

export const CRUSH_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). From its docs (docs/hooks/README.md, the crush-hooks skill; no
  // binary here): every matcher an unanchored regular expression on the tool name; its "stop" is
  // TurnEnd; TurnStart is not said to carry the prompt, so before_prompt has no equivalent. Tool
  // names are its source's (internal/agent/tools: bash, view, write, edit, multiedit, grep, glob,
  // web_search, fetch, agent); MCP tools are `mcp_SERVER_TOOL`.
  client: 'crush',
  slug: 'crush',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    tool_use_failure: ['PostToolUseFailure'],
    permission_request: ['PermissionRequest'],
    session_start: ['SessionStart'],
    session_end: ['SessionEnd'],
    agent_stop: ['TurnEnd'],
    error_occurred: ['StopFailure'],
    before_compact: ['PreCompact'],
    after_compact: ['PostCompact'],
  },
  tools: {
    shell: 'bash',
    file_read: 'view',
    file_write: 'write',
    file_edit: 'edit',
    search: 'grep',
    find: 'glob',
    web_search: 'web_search',
    web_fetch: 'fetch',
    agent: 'agent',
  },
  toolAliases: { multiedit: 'file_edit', web_fetch: 'web_fetch', agentic_fetch: 'web_fetch' },
  mcp: (server, tool) => `mcp_${server}_${tool ?? '.*'}`,
  mcpForm: /^mcp_([^_]+)_(.+)$/,
  matcher: 'anchored',
  timeoutUnit: 'seconds',
  // Its TurnEnd has nothing to block (exit 2 blocks a tool; exit 49 halts, it does not send the agent back).
  blocking: { agent_stop: 'observe' },
};

// How Crush is told a canonical answer (answer-row.ts has the shape), from its envelope (its docs):
// `context` is added to what the model sees; `halt` ends the turn.
export const CRUSH_ANSWERS = [
  ...row('crush', ['PreToolUse', 'PostToolUse'], 'context', 0, '{"context":%c}'),
  ...row('crush', ['*'], 'stop', 0, '{"halt":true,"reason":%r}'),
];
