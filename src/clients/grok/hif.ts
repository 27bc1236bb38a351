// Grok CLI (xAI's `grok`, xai-org/grok-build) in the canonical form's terms (its dialect, then how it
// is told an answer), as data, from its source and user guide (crates/codegen/xai-grok-hooks,
// its user guide's hooks page at 19d42e35; no binary here). Not in the spec: the slug is hookd's.
import type { Dialect } from '../dialect.js';
import { BLOCK, row, STOP } from '../answer-row.js';

export const GROK_DIALECT: Dialect = {
  client: 'grok',
  slug: 'grok',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    tool_use_failure: ['PostToolUseFailure'],
    permission_denied: ['PermissionDenied'],
    session_start: ['SessionStart'],
    session_end: ['SessionEnd'],
    before_prompt: ['UserPromptSubmit'],
    agent_stop: ['Stop'],
    error_occurred: ['StopFailure'],
    grok_stop_cancelled: ['StopCancelled'],
    notification: ['Notification'],
    subagent_start: ['SubagentStart'],
    subagent_stop: ['SubagentStop', 'SubagentEnd'],
    before_compact: ['PreCompact'],
    after_compact: ['PostCompact'],
  },
  // Its own tool names (its matcher also takes Claude Code's: Bash, Read, Edit… mapped to these).
  tools: {
    shell: 'run_terminal_command',
    file_read: 'read_file',
    file_write: 'search_replace',
    file_edit: 'search_replace',
    search: 'grep',
    find: 'list_dir',
    web_search: 'web_search',
    agent: 'spawn_subagent',
  },
  toolAliases: { Bash: 'shell', Read: 'file_read', Edit: 'file_edit', Write: 'file_write', Task: 'agent' },
  // MCP tools as `server__tool` (its dispatcher's qualified name).
  mcp: (server, tool) => `${server}__${tool ?? '.*'}`,
  mcpForm: /^([^_]+(?:_[^_]+)*)__(.+)$/,
  // A list of plain names is an exact list; anything else an unanchored regular expression (matcher.rs).
  matcher: 'names',
  timeoutUnit: 'seconds',
  // Its UserPromptSubmit is observe-only: "grok ignores its exit code and its stdout".
  blocking: { before_prompt: 'observe' },
  payloadKeys: { toolName: ['toolName'], toolInput: ['toolInput'] },
};

// How Grok CLI is told a canonical answer: its PreToolUse reads `{"decision": "deny", "reason"}` on
// stdout whatever the exit code (the whole reason; exit 2 hands over stderr's first line only);
// Stop and SubagentStop read Claude Code's block and `continue: false`.
export const GROK_ANSWERS = [
  ...row('grok', ['PreToolUse'], 'deny', 0, '{"decision":"deny","reason":%r}'),
  ...row('grok', ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row('grok', ['Stop', 'SubagentStop'], 'stop', 0, STOP),
];
