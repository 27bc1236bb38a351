// Qwen Code in the canonical form's terms (its dialect, then how it is told an answer), as data.
// The spec (hooks/0.1) has no column for it: the slug is hookd's, the names read from the client
// (said below).
import type { Dialect } from '../dialect.js';
import { CLAUDE_EVENTS, claudeMcp, CLAUDE_MCP_FORM } from '../claude/names.js';
import { BLOCK, CONTEXT, row, STOP } from '../answer-row.js';

export const QWEN_DIALECT: Dialect = {
  // Not in the spec; Claude Code's file shape and events (0.24.4), Gemini CLI's tool names.
  client: 'qwen',
  slug: 'qwen-code',
  events: {
    ...CLAUDE_EVENTS,
    notification: ['Notification'],
    error_occurred: ['StopFailure'],
    tool_use_failure: ['PostToolUseFailure'],
    after_compact: ['PostCompact'],
    instructions_loaded: ['InstructionsLoaded'],
  },
  tools: {
    shell: 'run_shell_command',
    file_read: 'read_file',
    file_write: 'write_file',
    file_edit: 'edit',
    search: 'grep_search',
    find: 'glob',
    web_search: 'web_search',
    web_fetch: 'web_fetch',
    agent: 'agent',
  },
  toolAliases: { task: 'agent', replace: 'file_edit' },
  mcp: claudeMcp,
  mcpForm: CLAUDE_MCP_FORM,
  matcher: 'names',
  timeoutUnit: 'seconds',
  millisecondsFrom: 1000,
  // The binary honours an entry's `env` (CLIENTS.md).
  entryCarries: ['env'],
};

// How Qwen Code is told a canonical answer (answer-row.ts has the shape): as Droid, Claude Code's
// stop gate and stop; the context of a prompt or a session start as plain text on stdout.
export const QWEN_ANSWERS = [
  ...row('qwen', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row('qwen', ['UserPromptSubmit', 'SessionStart'], 'context', 0, '%C'),
  ...row('qwen', ['PostToolUse'], 'context', 0, CONTEXT),
  ...row('qwen', ['*'], 'stop', 0, STOP),
];
