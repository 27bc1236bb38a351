// Auggie in the canonical form's terms (its dialect, then how it is told an answer), as data. The
// spec (hooks/0.1) has no column for it: the slug is hookd's, the names read from its 0.36.0 bundle
// and checked with its binary (test/clients/auggie.test.ts).
import type { Dialect } from '../dialect.js';
import { CONTEXT, row } from '../answer-row.js';

export const AUGGIE_DIALECT: Dialect = {
  // Its own event names (PromptSubmit; no subagent or compact events), its own tool names, every
  // matcher an unanchored regular expression that never matches an MCP tool (those take
  // `mcp:PATTERN`, whose names were not seen: not matched here), timeouts in milliseconds.
  client: 'auggie',
  slug: 'auggie',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    session_start: ['SessionStart'],
    session_end: ['SessionEnd'],
    before_prompt: ['PromptSubmit'],
    agent_stop: ['Stop'],
    notification: ['Notification'],
  },
  tools: {
    shell: 'launch-process',
    file_read: 'view',
    file_write: 'save-file',
    file_edit: 'str-replace-editor',
    search: 'grep-search',
    web_search: 'web-search',
    web_fetch: 'web-fetch',
    agent: 'sub-agent',
  },
  toolAliases: { apply_patch: 'file_edit', 'codebase-retrieval': 'search' },
  matcher: 'anchored',
  timeoutUnit: 'milliseconds',
};

// How Auggie is told a canonical answer (answer-row.ts has the shape): a guard's exit 2 with the
// reason on stderr is everyone's default, which its PreToolUse honours (proven with its binary); it
// reads a context on PostToolUse only (its other events do not decide).
export const AUGGIE_ANSWERS = [...row('auggie', ['PostToolUse'], 'context', 0, CONTEXT)];
