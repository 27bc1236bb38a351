// Claude Code: ~/.claude/settings.json, project .claude/settings.json and settings.local.json,
// plugin hooks/hooks.json. Stop and SubagentStop decide (`{"decision": "block"}` or exit 2), as do
// the tool and prompt events; Notification, SessionEnd and StopFailure are fire-and-forget.
import type { ClientProfile } from './profile.js';
import { CLAUDE_LIKE } from './contract.js';

const TOOL = 'tool_name';

export const claude: ClientProfile = {
  id: 'claude',
  name: 'Claude Code',
  userFiles: [{ path: '.claude/settings.json' }],
  projectFiles: [{ path: '.claude/settings.json' }, { path: '.claude/settings.local.json' }],
  pluginRoots: ['.claude/plugins'],
  pathPatterns: [/\/\.claude\/settings(\.local)?\.json$/, /\/\.claude\/plugins\/.*\/hooks\/hooks\.json$/],
  layout: 'grouped',
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 600,
  events: [
    'SessionStart', 'Setup', 'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'PermissionRequest', 'PermissionDenied',
    'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Notification', 'SubagentStart', 'SubagentStop', 'Stop', 'StopFailure',
    'PreCompact', 'PostCompact', 'SessionEnd', 'WorktreeCreate', 'WorktreeRemove', 'TeammateIdle', 'TaskCompleted',
    'ConfigChange', 'InstructionsLoaded', 'Elicitation', 'ElicitationResult', 'TaskCreated', 'CwdChanged', 'FileChanged', 'MessageDisplay',
    'DirectoryAdded',
  ],
  fireAndForget: ['Notification', 'SessionEnd', 'StopFailure', 'CwdChanged', 'FileChanged', 'MessageDisplay', 'DirectoryAdded'],
  stopEvent: 'Stop',
  attentionEvents: ['Stop', 'Notification'],
  hookTypes: ['command', 'http', 'prompt', 'agent', 'mcp_tool'],
  // 2.1.330 logs "HTTP hooks are not supported for SessionStart" and skips them.
  httpSkippedEvents: ['SessionStart', 'Setup'],
  sessionField: 'session_id',
  matchFields: {
    PreToolUse: TOOL, PostToolUse: TOOL, PostToolUseFailure: TOOL, PermissionRequest: TOOL, PermissionDenied: TOOL,
    Notification: 'notification_type', SessionStart: 'source', SessionEnd: 'reason', SubagentStart: 'agent_type',
    SubagentStop: 'agent_type', PreCompact: 'trigger', PostCompact: 'trigger', Setup: 'trigger',
  },
  envMarkers: ['CLAUDECODE', 'CLAUDE_CODE_ENTRYPOINT'],
  envPrefixes: ['CLAUDE_'],
  envCarried: ['AI_AGENT'],
  // 2.1.330's tools (strings of its binary), and older names files still use (MultiEdit, LS, BashOutput…).
  tools: {
    shell: 'Bash',
    names: [
      'Bash', 'PowerShell', 'Read', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'NotebookRead', 'Glob', 'Grep', 'LS', 'LSP', 'WebFetch', 'WebSearch',
      'Agent', 'Task', 'TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate', 'TaskStop', 'TaskOutput', 'BashOutput', 'KillShell', 'TodoWrite', 'Skill',
      'SlashCommand', 'AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode', 'EnterWorktree', 'ExitWorktree', 'ToolSearch', 'Monitor', 'CronCreate',
      'CronDelete', 'CronList', 'ScheduleWakeup', 'RemoteTrigger', 'SendMessage', 'SendUserMessage', 'PushNotification', 'Brief', 'ListPeers',
      'StructuredOutput', 'Workflow', 'REPL', 'ListMcpResourcesTool', 'ReadMcpResourceTool',
    ],
  },
  // Seen in 2.1.330's own code and CLIENTS.md; CLAUDE_PLUGIN_DATA (a per-plugin data folder) is not set by `hookd run`.
  hookVariables: {
    projectDir: ['CLAUDE_PROJECT_DIR'],
    sessionId: ['CLAUDE_CODE_SESSION_ID'],
    pluginRoot: ['CLAUDE_PLUGIN_ROOT'],
    fixed: { CLAUDECODE: '1', CLAUDE_CODE_ENTRYPOINT: 'cli' },
  },
  contract: CLAUDE_LIKE,
};
