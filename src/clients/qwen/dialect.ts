// Qwen Code's dialect of the canonical form, as data. The spec (hooks/0.1) has no column for it:
// the slug is hookd's, the names read from the client (said below).
import type { Dialect } from '../dialect.js';
import { CLAUDE_EVENTS, claudeMcp, CLAUDE_MCP_FORM } from '../claude/names.js';

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
