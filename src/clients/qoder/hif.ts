// Qoder CLI in the canonical form's terms (its dialect, then how it is told an answer), as data. The
// spec (hooks/0.1) has no column for it: the slug is hookd's, the names read from its 1.1.52 bundle.
import type { Dialect } from '../dialect.js';
import { CLAUDE_EVENTS, claudeMcp, CLAUDE_MCP_FORM } from '../claude/names.js';
import { BLOCK, CONTEXT, row, STOP } from '../answer-row.js';

export const QODER_DIALECT: Dialect = {
  // Claude Code's file shape, events and tool names, timeouts in seconds.
  client: 'qoder',
  slug: 'qoder',
  events: {
    ...CLAUDE_EVENTS,
    notification: ['Notification'],
    error_occurred: ['StopFailure'],
    tool_use_failure: ['PostToolUseFailure'],
    after_compact: ['PostCompact'],
    instructions_loaded: ['InstructionsLoaded'],
  },
  tools: {
    shell: 'Bash',
    file_read: 'Read',
    file_write: 'Write',
    file_edit: 'Edit',
    search: 'Grep',
    find: 'Glob',
    web_search: 'WebSearch',
    web_fetch: 'WebFetch',
    agent: 'Agent',
  },
  toolAliases: { NotebookEdit: 'file_edit' },
  mcp: claudeMcp,
  mcpForm: CLAUDE_MCP_FORM,
  matcher: 'names',
  timeoutUnit: 'seconds',
};

// How Qoder CLI is told a canonical answer (answer-row.ts has the shape), by its bundle (no binary
// turn here): Claude Code's stop gate, context and stop, as Qwen Code, its fellow Gemini CLI fork.
export const QODER_ANSWERS = [
  ...row('qoder', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row('qoder', ['UserPromptSubmit', 'SessionStart'], 'context', 0, '%C'),
  ...row('qoder', ['PostToolUse'], 'context', 0, CONTEXT),
  ...row('qoder', ['*'], 'stop', 0, STOP),
];
