// pi in the canonical form's terms (its dialect, then how it is told an answer), as data. The spec
// (hooks/0.1) has no column for it: the slug is hookd's, the names read from the client (said
// below).
import type { Dialect } from '../dialect.js';
import { CLAUDE_CORE_EVENTS } from '../claude/names.js';
import { CONTEXT, REWRITE, row } from '../answer-row.js';

export const PI_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). As OpenCode, through hookd's shim (shims/pi.js) and
  // ~/.config/hookd/pi.json. pi 0.73 has no web, agent or MCP tools.
  client: 'pi',
  slug: 'pi',
  events: CLAUDE_CORE_EVENTS,
  tools: { shell: 'bash', file_read: 'read', file_write: 'write', file_edit: 'edit', search: 'grep', find: 'find' },
  matcher: 'names',
  timeoutUnit: 'seconds',
};

// How pi is told a canonical answer (answer-row.ts has the shape), through hookd's shim (shims/pi.js,
// shims/core.js): it adds a context to the prompt and to a tool's result only, and hands a
// rewritten input on in Claude Code's form.
export const PI_ANSWERS = [
  ...row('pi', ['UserPromptSubmit', 'PostToolUse'], 'context', 0, CONTEXT),
  ...row('pi', ['PreToolUse'], 'rewrite', 0, REWRITE),
];
