// Claude Code's event names and MCP tool form, which the clients that copied its file shape share
// (their dialects spread them: dialects-in-spec.ts, dialects-beyond-spec.ts).

/** How Claude Code (and the clients that copied it) writes an MCP tool for a matcher. */
export const claudeMcp = (server: string, tool?: string): string => `mcp__${server}__${tool ?? '.*'}`;
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
