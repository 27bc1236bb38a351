// The dialects of the clients the canonical form's spec (hooks/0.1, OpenScribbler/syllago
// docs/spec/hooks/, CC-BY-4.0) has a column for, as data. Where its tables and a client's real binary
// disagree, the binary wins (each such row says so; docs/hooks-manifest.md lists them).
import type { Dialect } from './dialect.js';
import { CLAUDE_CORE_EVENTS, CLAUDE_EVENTS, claudeMcp } from './claude-names.js';

export const CLAUDE_DIALECT: Dialect = {
  client: 'claude',
  slug: 'claude-code',
  events: {
    ...CLAUDE_EVENTS,
    notification: ['Notification'],
    error_occurred: ['StopFailure'],
    tool_use_failure: ['PostToolUseFailure'],
    file_changed: ['FileChanged'],
    permission_denied: ['PermissionDenied'],
    after_compact: ['PostCompact'],
    config_change: ['ConfigChange'],
    instructions_loaded: ['InstructionsLoaded'],
    task_created: ['TaskCreated'],
    task_completed: ['TaskCompleted'],
    teammate_idle: ['TeammateIdle'],
    cwd_changed: ['CwdChanged'],
    elicitation: ['Elicitation'],
    elicitation_result: ['ElicitationResult'],
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
  toolAliases: { Task: 'agent', MultiEdit: 'file_edit' },
  mcp: claudeMcp,
  matcher: 'names',
  timeoutUnit: 'seconds',
};

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
  matcher: 'droid',
  timeoutUnit: 'seconds',
};

export const COPILOT_DIALECT: Dialect = {
  // The binary (1.0.x) wins over the spec's copilot-cli column: agentStop exists and decides
  // (`{"decision": "block"}` starts another turn), and so do subagentStop, notification,
  // preCompact, permissionRequest and postToolUseFailure. camelCase names, as the spec writes them.
  client: 'copilot',
  slug: 'copilot-cli',
  events: {
    before_tool_execute: ['preToolUse', 'PreToolUse'],
    after_tool_execute: ['postToolUse', 'PostToolUse'],
    session_start: ['sessionStart', 'SessionStart'],
    session_end: ['sessionEnd', 'SessionEnd'],
    before_prompt: ['userPromptSubmitted', 'UserPromptSubmit'],
    agent_stop: ['agentStop', 'Stop'],
    before_compact: ['preCompact', 'PreCompact'],
    notification: ['notification', 'Notification'],
    error_occurred: ['errorOccurred'],
    tool_use_failure: ['postToolUseFailure', 'PostToolUseFailure'],
    subagent_start: ['subagentStart'],
    subagent_stop: ['subagentStop', 'SubagentStop'],
    permission_request: ['permissionRequest', 'PermissionRequest'],
  },
  tools: {
    shell: 'bash',
    file_read: 'view',
    file_write: 'create',
    file_edit: 'edit',
    search: 'grep',
    find: 'glob',
    web_fetch: 'web_fetch',
    agent: 'task',
  },
  mcp: (server, tool) => `${server}/${tool ?? '.*'}`,
  matcher: 'none',
  timeoutUnit: 'seconds',
};

export const GEMINI_DIALECT: Dialect = {
  // The binary (0.61) wins over the spec's test vectors: hooks sit in Claude Code's grouped shape
  // under `hooks` (`matcher`, `hooks: [{type, command, timeout}]`), not in a flat `trigger` list.
  client: 'gemini',
  slug: 'gemini-cli',
  events: {
    before_tool_execute: ['BeforeTool'],
    after_tool_execute: ['AfterTool'],
    session_start: ['SessionStart'],
    session_end: ['SessionEnd'],
    before_prompt: ['BeforeAgent'],
    agent_stop: ['AfterAgent'],
    before_compact: ['PreCompress'],
    notification: ['Notification'],
    before_model: ['BeforeModel'],
    after_model: ['AfterModel'],
    before_tool_selection: ['BeforeToolSelection'],
  },
  tools: {
    shell: 'run_shell_command',
    file_read: 'read_file',
    file_write: 'write_file',
    file_edit: 'replace',
    search: 'grep_search',
    find: 'glob',
    web_search: 'google_web_search',
    web_fetch: 'web_fetch',
    agent: 'invoke_agent',
  },
  mcp: (server, tool) => `mcp_${server}_${tool ?? '.*'}`,
  matcher: 'names',
  timeoutUnit: 'milliseconds',
};

export const CODEX_DIALECT: Dialect = {
  // The binary (0.169) wins over the spec's codex column: it fires SessionEnd, PreCompact,
  // PermissionRequest and the subagent events too. Its hooks name only the shell tool (Bash).
  client: 'codex',
  slug: 'codex',
  events: { ...CLAUDE_EVENTS, error_occurred: ['StopFailure'], after_compact: ['PostCompact'] },
  tools: { shell: 'Bash' },
  matcher: 'names',
  timeoutUnit: 'seconds',
};

export const CURSOR_DIALECT: Dialect = {
  // Split events (spec events.md §4): the tool is in the event name; hif/cursor-split.ts chooses.
  client: 'cursor',
  slug: 'cursor',
  events: {
    before_tool_execute: ['beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile'],
    after_tool_execute: ['afterFileEdit', 'afterShellExecution', 'afterMCPExecution'],
    session_start: ['sessionStart'],
    session_end: ['sessionEnd'],
    before_prompt: ['beforeSubmitPrompt'],
    agent_stop: ['stop'],
    before_compact: ['preCompact'],
    tool_use_failure: ['postToolUseFailure'],
    subagent_start: ['subagentStart'],
    subagent_stop: ['subagentStop'],
    after_model: ['afterAgentResponse'],
    cursor_agent_thought: ['afterAgentThought'],
    cursor_tab_file_read: ['beforeTabFileRead'],
    cursor_tab_file_edit: ['afterTabFileEdit'],
  },
  tools: {
    shell: 'run_terminal_cmd',
    file_read: 'read_file',
    file_write: 'edit_file',
    file_edit: 'edit_file',
    search: 'grep_search',
    find: 'file_search',
    web_search: 'web_search',
  },
  mcp: (server, tool) => `${server}__${tool ?? '.*'}`,
  matcher: 'split',
  timeoutUnit: 'seconds',
};
