// The dialects of clients the canonical form's spec (hooks/0.1) has no column for, named by hookd
// (their slugs are hookd's): read from each client's binary or, for Crush, its docs and source.
import type { Dialect } from './dialect.js';
import { CLAUDE_CORE_EVENTS, CLAUDE_EVENTS, claudeMcp } from './claude-names.js';

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
  matcher: 'names',
  timeoutUnit: 'seconds',
  millisecondsFrom: 1000,
};

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

export const CRUSH_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). From its docs (docs/hooks/README.md, the crush-hooks skill; no
  // binary here): every matcher an unanchored regular expression on the tool name; its "stop" is
  // TurnEnd; TurnStart is not said to carry the prompt, so before_prompt has no equivalent. Tool
  // names are its source's (internal/agent/tools: bash, view, write, edit, multiedit, grep, glob,
  // web_search, fetch, agent); MCP tools are `mcp_SERVER_TOOL`.
  client: 'crush',
  slug: 'crush',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    tool_use_failure: ['PostToolUseFailure'],
    permission_request: ['PermissionRequest'],
    session_start: ['SessionStart'],
    session_end: ['SessionEnd'],
    agent_stop: ['TurnEnd'],
    error_occurred: ['StopFailure'],
    before_compact: ['PreCompact'],
    after_compact: ['PostCompact'],
  },
  tools: {
    shell: 'bash',
    file_read: 'view',
    file_write: 'write',
    file_edit: 'edit',
    search: 'grep',
    find: 'glob',
    web_search: 'web_search',
    web_fetch: 'fetch',
    agent: 'agent',
  },
  toolAliases: { multiedit: 'file_edit', web_fetch: 'web_fetch', agentic_fetch: 'web_fetch' },
  mcp: (server, tool) => `mcp_${server}_${tool ?? '.*'}`,
  matcher: 'anchored',
  timeoutUnit: 'seconds',
};

export const CLINE_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). Cline 3.0.65's binary: a hook is an executable file named after
  // its event, so a file has no matcher (every PreToolUse file sees every tool: a canonical hook
  // tells them apart by HOOKD_HIF_TOOL, read from the payload's `tool_call`). Its tools are the
  // bundle's (`read_files`, `search_codebase`, `run_commands`, `fetch_web_content`, `editor`, or
  // `apply_patch` for GPT and Codex models, `spawn_agent`); no file_write or find of its own.
  client: 'cline',
  slug: 'cline',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    session_start: ['TaskStart', 'TaskResume'],
    before_prompt: ['UserPromptSubmit'],
    agent_stop: ['TaskComplete'],
    before_compact: ['PreCompact'],
  },
  tools: {
    shell: 'run_commands',
    file_read: 'read_files',
    file_edit: 'editor',
    search: 'search_codebase',
    web_search: 'web_search',
    web_fetch: 'fetch_web_content',
    agent: 'spawn_agent',
  },
  toolAliases: { apply_patch: 'file_edit' },
  matcher: 'none',
  timeoutUnit: 'seconds',
};
