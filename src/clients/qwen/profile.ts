// Qwen Code: ~/.qwen/settings.json and a project's .qwen/settings.json, Claude Code's shape; a
// `timeout` in seconds, except that the 0.x line reads 1000 or more as milliseconds (1.x does not:
// clients/qwen/version.ts reads the installed one); Claude Code's events and
// InstructionsLoaded, PostToolBatch, PostCompact, MessageDisplay. Exit 2 blocks; exit 1 and a
// timeout let the tool run. Its hooks get QWEN_PROJECT_DIR and also GEMINI_PROJECT_DIR, so it is
// named by its own QWEN_CODE_* variables before Gemini CLI is considered.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { QWEN_ANSWERS, QWEN_DIALECT } from './hif.js';
import { QWEN_TOOL_ALIASES } from './tool-aliases.js';
import { installedQwenVersion, qwenMillisecondsFrom } from './version.js';

let millisecondsFrom: { value: number | undefined } | undefined;

const TOOL = 'tool_name';

export const qwen: ClientProfile = {
  id: 'qwen',
  name: 'Qwen Code',
  userFiles: [{ path: '.qwen/settings.json' }],
  projectFiles: [{ path: '.qwen/settings.json' }],
  pathPatterns: [/\/\.qwen\/settings\.json$/],
  layout: 'grouped',
  // As Gemini CLI, whose hook runner it forked.
  windows: { shell: 'powershell' },
  jsonc: true,
  timeoutUnit: 'seconds',
  // Read once, when first asked (loading a file), from the qwen on PATH.
  get millisecondsFrom() {
    millisecondsFrom ??= { value: qwenMillisecondsFrom(installedQwenVersion()) };
    return millisecondsFrom.value;
  },
  defaultTimeoutSec: 60,
  events: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PermissionRequest',
    'PostToolUse',
    'PostToolUseFailure',
    'PostToolBatch',
    'Notification',
    'SubagentStart',
    'SubagentStop',
    'Stop',
    'StopFailure',
    'PreCompact',
    'PostCompact',
    'InstructionsLoaded',
    'MessageDisplay',
    'SessionEnd',
    // In 0.24.4's HookEventName and its bundled hooks docs: a slash command's expansion (it can be
    // blocked), a call its AUTO mode refused (reported: it cannot approve or change it), a deleted
    // session, and a todo created or completed (blocked while validating).
    'UserPromptExpansion',
    'PermissionDenied',
    'SessionDelete',
    'TodoCreated',
    'TodoCompleted',
  ],
  fireAndForget: [
    'Notification',
    'SessionEnd',
    'StopFailure',
    'InstructionsLoaded',
    'MessageDisplay',
    'PostCompact',
    'PermissionDenied',
    'SessionDelete',
  ],
  stopEvent: 'Stop',
  // Its Notification fires in every headless turn too (auth_success): not one that needs you.
  attentionEvents: ['Stop'],
  hookTypes: ['command'],
  // 0.24.4's settings schema and its hook registry (validateHookConfig): `if` is read on http hooks
  // only, there is no `args`, and a `function` hook needs a callback only its SDK can give.
  ownTypes: {
    http: undefined,
    prompt: undefined,
    function:
      'Qwen Code discards it from a settings file (a "function" hook is registered through its SDK, with a callback), so it runs nowhere',
  },
  ifTypes: ['http'],
  // getShellConfigForHook: `"shell": "powershell"` runs `powershell -Command`.
  powershell: 'powershell',
  sessionField: 'session_id',
  matchFields: {
    PreToolUse: TOOL,
    PostToolUse: TOOL,
    PostToolUseFailure: TOOL,
    PermissionRequest: TOOL,
    PermissionDenied: TOOL,
    UserPromptExpansion: 'command_name',
    Notification: 'notification_type',
    SessionStart: 'source',
    SessionEnd: 'reason',
    SubagentStart: 'agent_type',
    SubagentStop: 'agent_type',
    PreCompact: 'trigger',
  },
  envMarkers: ['QWEN_CODE_SESSION_ID', 'QWEN_PROJECT_DIR'],
  envPrefixes: ['QWEN_'],
  // 0.24.4's ToolNames (packages/core/src/tools/tool-names.ts in its bundle), older `task` and `read_many_files`, and the other names its matchers accept.
  tools: {
    shell: 'run_shell_command',
    names: [
      'run_shell_command',
      'exec',
      'edit',
      'write_file',
      'read_file',
      'read_many_files',
      'zoom_image',
      'grep_search',
      'glob',
      'list_directory',
      'todo_write',
      'save_memory',
      'agent',
      'task',
      'skill',
      'exit_plan_mode',
      'enter_plan_mode',
      'web_fetch',
      'web_search',
      'image_gen',
      'lsp',
      'ask_user_question',
      'cron_create',
      'cron_list',
      'cron_delete',
      'loop_wakeup',
      'create_sub_session',
      'list_agents',
      'task_stop',
      'task_create',
      'task_update',
      'task_list',
      'team_create',
      'team_delete',
      'team_plan_approval',
      'request_shutdown',
      'send_message',
      'structured_output',
      'monitor',
      'notebook_edit',
      'tool_call',
      'tool_search',
      'read_mcp_resource',
      'enter_worktree',
      'exit_worktree',
      'workflow',
      'artifact',
      'record_artifact',
      'record_source',
      'report_findings',
      'get_goal',
      'update_goal',
      'propose_goal',
      'display_image',
    ],
    aliases: QWEN_TOOL_ALIASES,
  },
  hookVariables: {
    projectDir: ['QWEN_PROJECT_DIR', 'CLAUDE_PROJECT_DIR', 'GEMINI_PROJECT_DIR'],
    sessionId: ['QWEN_CODE_SESSION_ID'],
  },
  contract: CLAUDE_LIKE,
  dialect: QWEN_DIALECT,
  answers: QWEN_ANSWERS,
};
