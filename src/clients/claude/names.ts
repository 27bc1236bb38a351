// Claude Code's event names and MCP tool form, which the clients that copied its file shape share
// (their dialects spread them: clients/droid/hif.ts, clients/qwen/hif.ts…).

/** How Claude Code (and the clients that copied it) writes an MCP tool for a matcher. */
export const claudeMcp = (server: string, tool?: string): string => `mcp__${server}__${tool ?? '.*'}`;
/** The same read back: the server and the tool (a server's name may hold single underscores). */
export const CLAUDE_MCP_FORM = /^mcp__([^_]+(?:_[^_]+)*?)__(.+)$/;
/** Canonical event -> Claude Code's event name, for the events every Claude-shaped client fires. */
export const CLAUDE_CORE_EVENTS = {
  before_tool_execute: ['PreToolUse'],
  after_tool_execute: ['PostToolUse'],
  session_start: ['SessionStart'],
  session_end: ['SessionEnd'],
  before_prompt: ['UserPromptSubmit'],
  agent_stop: ['Stop'],
} as const;
/** The same for Claude Code's own events, which Codex fires too. */
export const CLAUDE_EVENTS = {
  ...CLAUDE_CORE_EVENTS,
  before_compact: ['PreCompact'],
  subagent_start: ['SubagentStart'],
  subagent_stop: ['SubagentStop'],
  permission_request: ['PermissionRequest'],
} as const;
