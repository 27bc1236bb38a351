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

export const AUGGIE_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). Auggie 0.36.0's bundle: its own event names (PromptSubmit, no
  // subagent or compact events), its own tool names, every matcher an unanchored regular expression
  // that never matches an MCP tool (those take `mcp:PATTERN`, whose names were not seen: not matched
  // here), timeouts in milliseconds.
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

export const AMP_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). As OpenCode, through hookd's shim (shims/amp.js) and
  // ~/.config/hookd/amp.json. Amp's tools come from its server per agent mode; these are the ones its
  // default mode listed here (`amp tools list`, 0.0.1790142911). No MCP form was seen.
  client: 'amp',
  slug: 'amp',
  events: {
    before_tool_execute: ['PreToolUse'],
    after_tool_execute: ['PostToolUse'],
    session_start: ['SessionStart'],
    before_prompt: ['UserPromptSubmit'],
    agent_stop: ['Stop'],
  },
  tools: { shell: 'shell_command', file_edit: 'apply_patch', web_search: 'web_search', web_fetch: 'read_web_page' },
  matcher: 'names',
  timeoutUnit: 'seconds',
};

export const KILO_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). OpenCode's fork, through the same shim and ~/.config/hookd/kilo.json;
  // its tool ids are OpenCode's (seen in the real 7.7.7's requests), with no web search or apply_patch.
  ...OPENCODE_DIALECT,
  client: 'kilo',
  slug: 'kilo',
  tools: {
    shell: 'bash',
    file_read: 'read',
    file_write: 'write',
    file_edit: 'edit',
    search: 'grep',
    find: 'glob',
    web_fetch: 'webfetch',
    agent: 'task',
  },
  toolAliases: {},
};

export const QODER_DIALECT: Dialect = {
  // Not in the spec (hookd's slug). Qoder CLI 1.1.52's bundle: Claude Code's file shape, events and
  // tool names, timeouts in seconds.
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
  matcher: 'names',
  timeoutUnit: 'seconds',
};
