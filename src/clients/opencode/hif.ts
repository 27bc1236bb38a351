// OpenCode in the canonical form's terms (its dialect, then how it is told an answer), as data. The
// spec (hooks/0.1) has no column for it: the slug is hookd's, the names read from the client (said
// below).
import type { Dialect } from '../dialect.js';
import { CONTEXT, REWRITE, row } from '../answer-row.js';

export const OPENCODE_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). No command hooks of its own: hookd's shim (shims/opencode.js)
  // runs the Claude Code-shaped ~/.config/hookd/opencode.json on the events it hooks, matching
  // tool names by Claude Code's rule. OpenCode 1.18's tool ids; its `apply_patch` edits files.
  // Its MCP tools are not matched: what name they reach a hook under was not seen.
  client: 'opencode',
  slug: 'opencode',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    session_start: ['SessionStart'],
    before_prompt: ['UserPromptSubmit'],
    agent_stop: ['Stop'],
  },
  tools: {
    shell: 'bash',
    file_read: 'read',
    file_write: 'write',
    file_edit: 'edit',
    search: 'grep',
    find: 'glob',
    web_search: 'websearch',
    web_fetch: 'webfetch',
    agent: 'task',
  },
  toolAliases: { apply_patch: 'file_edit' },
  matcher: 'names',
  timeoutUnit: 'seconds',
};

// How OpenCode is told a canonical answer (answer-row.ts has the shape), through hookd's shim (shims/opencode.js,
// shims/core.js): it adds a context to the prompt and to a tool's result only, and hands a
// rewritten input on in Claude Code's form.
export const OPENCODE_ANSWERS = [
  ...row('opencode', ['UserPromptSubmit', 'PostToolUse'], 'context', 0, CONTEXT),
  ...row('opencode', ['PreToolUse'], 'rewrite', 0, REWRITE),
];
