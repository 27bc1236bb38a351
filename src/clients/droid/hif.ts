// Droid in the canonical form's terms (its dialect, then how it is told an answer), as data, from
// its column in the spec (hooks/0.1, OpenScribbler/syllago docs/spec/hooks/, CC-BY-4.0). Where the
// spec's tables and the real binary disagree, the binary wins (said below; docs/hooks-manifest.md
// lists them).
import type { Dialect } from '../dialect.js';
import { CLAUDE_CORE_EVENTS, claudeMcp, CLAUDE_MCP_FORM } from '../claude/names.js';
import { BLOCK, CONTEXT, row, STOP } from '../answer-row.js';

export const DROID_DIALECT: Dialect = {
  // The binary (0.225) wins over the spec's factory-droid column: its tools are Execute, Create,
  // FetchUrl and Task, not Bash, Write, WebFetch and Agent; it fires no SubagentStart.
  client: 'droid',
  slug: 'factory-droid',
  events: {
    ...CLAUDE_CORE_EVENTS,
    before_compact: ['PreCompact'],
    notification: ['Notification'],
    subagent_stop: ['SubagentStop'],
  },
  tools: {
    shell: 'Execute',
    file_read: 'Read',
    file_write: 'Create',
    file_edit: 'Edit',
    search: 'Grep',
    find: 'Glob',
    web_search: 'WebSearch',
    web_fetch: 'FetchUrl',
    agent: 'Task',
  },
  toolAliases: { MultiEdit: 'file_edit', ApplyPatch: 'file_edit' },
  mcp: claudeMcp,
  mcpForm: CLAUDE_MCP_FORM,
  matcher: 'droid',
  timeoutUnit: 'seconds',
};

// How Droid is told a canonical answer (answer-row.ts has the shape): Claude Code's stop gate and
// stop; the context of a prompt or a session start as plain text on stdout.
export const DROID_ANSWERS = [
  ...row('droid', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row('droid', ['UserPromptSubmit', 'SessionStart'], 'context', 0, '%C'),
  ...row('droid', ['PostToolUse'], 'context', 0, CONTEXT),
  ...row('droid', ['*'], 'stop', 0, STOP),
];
