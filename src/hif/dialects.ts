// Each client's dialect of the canonical form (spec hooks/0.1, OpenScribbler/syllago
// docs/spec/hooks/, CC-BY-4.0), as data: its event names, tool names, MCP form, matcher style and
// timeout unit. Where the spec's tables and a client's real binary disagree, the binary wins (each
// such row says so; docs/hooks-manifest.md lists them). Read through vocabulary.ts.
import type { Dialect } from './dialect.js';

const claudeMcp = (server: string, tool?: string): string => `mcp__${server}__${tool ?? '.*'}`;
// Events spelled the Claude Code way, shared by the clients that copied its file shape.
const CLAUDE_EVENTS = {
  before_tool_execute: ['PreToolUse'], after_tool_execute: ['PostToolUse'], session_start: ['SessionStart'], session_end: ['SessionEnd'],
  before_prompt: ['UserPromptSubmit'], agent_stop: ['Stop'], before_compact: ['PreCompact'],
  subagent_start: ['SubagentStart'], subagent_stop: ['SubagentStop'], permission_request: ['PermissionRequest'],
} as const;

export const DIALECTS: readonly Dialect[] = [
  {
    client: 'claude',
    slug: 'claude-code',
    events: {
      ...CLAUDE_EVENTS, notification: ['Notification'], error_occurred: ['StopFailure'], tool_use_failure: ['PostToolUseFailure'], file_changed: ['FileChanged'],
      permission_denied: ['PermissionDenied'], after_compact: ['PostCompact'], config_change: ['ConfigChange'], instructions_loaded: ['InstructionsLoaded'],
      task_created: ['TaskCreated'], task_completed: ['TaskCompleted'], teammate_idle: ['TeammateIdle'], cwd_changed: ['CwdChanged'],
      elicitation: ['Elicitation'], elicitation_result: ['ElicitationResult'],
    },
    tools: { shell: 'Bash', file_read: 'Read', file_write: 'Write', file_edit: 'Edit', search: 'Grep', find: 'Glob', web_search: 'WebSearch', web_fetch: 'WebFetch', agent: 'Agent' },
    toolAliases: { Task: 'agent', MultiEdit: 'file_edit' },
    mcp: claudeMcp,
    matcher: 'names',
    timeoutUnit: 'seconds',
  },
  {
    // The binary (0.225) wins over the spec's factory-droid column: its tools are Execute, Create,
    // FetchUrl and Task, not Bash, Write, WebFetch and Agent; it fires no SubagentStart.
    client: 'droid',
    slug: 'factory-droid',
    events: {
      before_tool_execute: ['PreToolUse'], after_tool_execute: ['PostToolUse'], session_start: ['SessionStart'], session_end: ['SessionEnd'],
      before_prompt: ['UserPromptSubmit'], agent_stop: ['Stop'], before_compact: ['PreCompact'], notification: ['Notification'], subagent_stop: ['SubagentStop'],
    },
    tools: { shell: 'Execute', file_read: 'Read', file_write: 'Create', file_edit: 'Edit', search: 'Grep', find: 'Glob', web_search: 'WebSearch', web_fetch: 'FetchUrl', agent: 'Task' },
    toolAliases: { MultiEdit: 'file_edit', ApplyPatch: 'file_edit' },
    mcp: claudeMcp,
    matcher: 'droid',
    timeoutUnit: 'seconds',
  },
  {
    // The binary (1.0.x) wins over the spec's copilot-cli column: agentStop exists and decides
    // (`{"decision": "block"}` starts another turn), and so do subagentStop, notification,
    // preCompact, permissionRequest and postToolUseFailure. camelCase names, as the spec writes them.
    client: 'copilot',
    slug: 'copilot-cli',
    events: {
      before_tool_execute: ['preToolUse', 'PreToolUse'], after_tool_execute: ['postToolUse', 'PostToolUse'], session_start: ['sessionStart', 'SessionStart'],
      session_end: ['sessionEnd', 'SessionEnd'], before_prompt: ['userPromptSubmitted', 'UserPromptSubmit'], agent_stop: ['agentStop', 'Stop'],
      before_compact: ['preCompact', 'PreCompact'], notification: ['notification', 'Notification'], error_occurred: ['errorOccurred'],
      tool_use_failure: ['postToolUseFailure', 'PostToolUseFailure'], subagent_start: ['subagentStart'], subagent_stop: ['subagentStop', 'SubagentStop'],
      permission_request: ['permissionRequest', 'PermissionRequest'],
    },
    tools: { shell: 'bash', file_read: 'view', file_write: 'create', file_edit: 'edit', search: 'grep', find: 'glob', web_fetch: 'web_fetch', agent: 'task' },
    mcp: (server, tool) => `${server}/${tool ?? '.*'}`,
    matcher: 'none',
    timeoutUnit: 'seconds',
  },
  {
    // Not in the spec; Claude Code's file shape and events (0.24.4), Gemini CLI's tool names.
    client: 'qwen',
    slug: 'qwen-code',
    events: { ...CLAUDE_EVENTS, notification: ['Notification'], error_occurred: ['StopFailure'], tool_use_failure: ['PostToolUseFailure'], after_compact: ['PostCompact'], instructions_loaded: ['InstructionsLoaded'] },
    tools: { shell: 'run_shell_command', file_read: 'read_file', file_write: 'write_file', file_edit: 'edit', search: 'grep_search', find: 'glob', web_search: 'web_search', web_fetch: 'web_fetch', agent: 'agent' },
    toolAliases: { task: 'agent', replace: 'file_edit' },
    mcp: claudeMcp,
    matcher: 'names',
    timeoutUnit: 'seconds',
    millisecondsFrom: 1000,
  },
  {
    // The binary (0.61) wins over the spec's test vectors: hooks sit in Claude Code's grouped shape
    // under `hooks` (`matcher`, `hooks: [{type, command, timeout}]`), not in a flat `trigger` list.
    client: 'gemini',
    slug: 'gemini-cli',
    events: {
      before_tool_execute: ['BeforeTool'], after_tool_execute: ['AfterTool'], session_start: ['SessionStart'], session_end: ['SessionEnd'],
      before_prompt: ['BeforeAgent'], agent_stop: ['AfterAgent'], before_compact: ['PreCompress'], notification: ['Notification'],
      before_model: ['BeforeModel'], after_model: ['AfterModel'], before_tool_selection: ['BeforeToolSelection'],
    },
    tools: { shell: 'run_shell_command', file_read: 'read_file', file_write: 'write_file', file_edit: 'replace', search: 'grep_search', find: 'glob', web_search: 'google_web_search', web_fetch: 'web_fetch', agent: 'invoke_agent' },
    mcp: (server, tool) => `mcp_${server}_${tool ?? '.*'}`,
    matcher: 'names',
    timeoutUnit: 'milliseconds',
  },
  {
    // The binary (0.169) wins over the spec's codex column: it fires SessionEnd, PreCompact,
    // PermissionRequest and the subagent events too. Its hooks name only the shell tool (Bash).
    client: 'codex',
    slug: 'codex',
    events: { ...CLAUDE_EVENTS, error_occurred: ['StopFailure'], after_compact: ['PostCompact'] },
    tools: { shell: 'Bash' },
    matcher: 'names',
    timeoutUnit: 'seconds',
  },
  {
    // Split events (spec events.md §4): the tool is in the event name; hif/cursor-split.ts chooses.
    client: 'cursor',
    slug: 'cursor',
    events: {
      before_tool_execute: ['beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'], after_tool_execute: ['afterFileEdit', 'afterShellExecution', 'afterMCPExecution'],
      session_start: ['sessionStart'], session_end: ['sessionEnd'], before_prompt: ['beforeSubmitPrompt'], agent_stop: ['stop'], before_compact: ['preCompact'],
      tool_use_failure: ['postToolUseFailure'], subagent_start: ['subagentStart'], subagent_stop: ['subagentStop'],
      after_model: ['afterAgentResponse'], cursor_agent_thought: ['afterAgentThought'], cursor_tab_file_read: ['beforeTabFileRead'], cursor_tab_file_edit: ['afterTabFileEdit'],
    },
    tools: { shell: 'run_terminal_cmd', file_read: 'read_file', file_write: 'edit_file', file_edit: 'edit_file', search: 'grep_search', find: 'file_search', web_search: 'web_search' },
    mcp: (server, tool) => `${server}__${tool ?? '.*'}`,
    matcher: 'split',
    timeoutUnit: 'seconds',
  },
  {
    // Not in the spec (hookd's slug). No command hooks of its own: hookd's shim (shims/opencode.js)
    // runs the Claude Code-shaped ~/.config/hookd/opencode.json on the events it hooks, matching
    // tool names by Claude Code's rule. OpenCode 1.18's tool ids; its `apply_patch` edits files.
    // Its MCP tools are not matched: what name they reach a hook under was not seen.
    client: 'opencode',
    slug: 'opencode',
    events: { before_tool_execute: ['PreToolUse'], after_tool_execute: ['PostToolUse'], session_start: ['SessionStart'], before_prompt: ['UserPromptSubmit'], agent_stop: ['Stop'] },
    tools: { shell: 'bash', file_read: 'read', file_write: 'write', file_edit: 'edit', search: 'grep', find: 'glob', web_search: 'websearch', web_fetch: 'webfetch', agent: 'task' },
    toolAliases: { apply_patch: 'file_edit' },
    matcher: 'names',
    timeoutUnit: 'seconds',
  },
  {
    // Not in the spec (hookd's slug). As OpenCode, through hookd's shim (shims/pi.js) and
    // ~/.config/hookd/pi.json. pi 0.73 has no web, agent or MCP tools.
    client: 'pi',
    slug: 'pi',
    events: { before_tool_execute: ['PreToolUse'], after_tool_execute: ['PostToolUse'], session_start: ['SessionStart'], session_end: ['SessionEnd'], before_prompt: ['UserPromptSubmit'], agent_stop: ['Stop'] },
    tools: { shell: 'bash', file_read: 'read', file_write: 'write', file_edit: 'edit', search: 'grep', find: 'find' },
    matcher: 'names',
    timeoutUnit: 'seconds',
  },
  {
    // Not in the spec (hookd's slug). From its docs (docs/hooks/README.md, the crush-hooks skill; no
    // binary here): every matcher an unanchored regular expression on the tool name; its "stop" is
    // TurnEnd; TurnStart is not said to carry the prompt, so before_prompt has no equivalent. Tool
    // names are its source's (internal/agent/tools: bash, view, write, edit, multiedit, grep, glob,
    // web_search, fetch, agent); MCP tools are `mcp_SERVER_TOOL`.
    client: 'crush',
    slug: 'crush',
    events: {
      before_tool_execute: ['PreToolUse'], after_tool_execute: ['PostToolUse'], tool_use_failure: ['PostToolUseFailure'], permission_request: ['PermissionRequest'],
      session_start: ['SessionStart'], session_end: ['SessionEnd'], agent_stop: ['TurnEnd'], error_occurred: ['StopFailure'], before_compact: ['PreCompact'], after_compact: ['PostCompact'],
    },
    tools: { shell: 'bash', file_read: 'view', file_write: 'write', file_edit: 'edit', search: 'grep', find: 'glob', web_search: 'web_search', web_fetch: 'fetch', agent: 'agent' },
    toolAliases: { multiedit: 'file_edit', web_fetch: 'web_fetch', agentic_fetch: 'web_fetch' },
    mcp: (server, tool) => `mcp_${server}_${tool ?? '.*'}`,
    matcher: 'anchored',
    timeoutUnit: 'seconds',
  },
];
