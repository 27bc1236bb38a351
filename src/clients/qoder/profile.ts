// Qoder CLI (`@qoder-ai/qodercli` 1.1.52; its bundled main script, partly obfuscated, is the source
// read here, with docs.qoder.com/en/cli/hooks): Claude Code's file shape in ~/.qoder/settings.json and
// a project's .qoder/settings.json and .qoder/settings.local.json, Claude Code's events (and Setup,
// ConfigChange, TeammateIdle, TaskCompleted, Elicitation…; snake_case spellings are read too), hook
// types command, http, prompt, agent and runtime, and Gemini CLI's `enabled`/`disabled`/`notifications`
// beside the events. `timeout` in seconds, default 600; a command runs under the user's shell (or
// without one when the entry has `args`), with QODER_PROJECT_DIR and CLAUDE_PROJECT_DIR set. Exit 0
// may print JSON (`hookSpecificOutput`, `decision`, `continue`); exit 2 blocks; any other exit and a
// timeout are non-blocking errors.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { QODER_ANSWERS, QODER_DIALECT } from './hif.js';

const TOOL = 'tool_name';

export const qoder: ClientProfile = {
  id: 'qoder',
  name: 'Qoder CLI',
  userFiles: [{ path: '.qoder/settings.json' }],
  projectFiles: [{ path: '.qoder/settings.local.json' }, { path: '.qoder/settings.json' }],
  pathPatterns: [/\/\.qoder\/settings(\.local)?\.json$/],
  layout: 'grouped',
  jsonc: true,
  hookSettings: ['enabled', 'disabled', 'notifications'],
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 600,
  // Its HookEventName enum in 1.1.52.
  events: [
    'SessionStart',
    'Setup',
    'UserPromptSubmit',
    'PreToolUse',
    'PermissionRequest',
    'PermissionDenied',
    'PostToolUse',
    'PostToolUseFailure',
    'Notification',
    'SubagentStart',
    'SubagentStop',
    'Stop',
    'StopFailure',
    'TeammateIdle',
    'TaskCreated',
    'TaskCompleted',
    'PreCompact',
    'PostCompact',
    'InstructionsLoaded',
    'ConfigChange',
    'CwdChanged',
    'FileChanged',
    'WorktreeCreate',
    'WorktreeRemove',
    'Elicitation',
    'ElicitationResult',
    'SessionEnd',
  ],
  fireAndForget: ['Notification', 'SessionEnd', 'StopFailure', 'InstructionsLoaded', 'CwdChanged', 'FileChanged'],
  stopEvent: 'Stop',
  attentionEvents: ['Stop', 'Notification'],
  hookTypes: ['command', 'http', 'prompt', 'agent'],
  sessionField: 'session_id',
  matchFields: {
    PreToolUse: TOOL,
    PostToolUse: TOOL,
    PostToolUseFailure: TOOL,
    PermissionRequest: TOOL,
    PermissionDenied: TOOL,
    Notification: 'notification_type',
    SessionStart: 'source',
    SessionEnd: 'reason',
    SubagentStart: 'agent_type',
    SubagentStop: 'agent_type',
    PreCompact: 'trigger',
  },
  // 1.1.52's tool names (its bundle's constants), the shell first.
  tools: {
    shell: 'Bash',
    names: [
      'Bash',
      'Read',
      'Write',
      'Edit',
      'NotebookEdit',
      'Grep',
      'Glob',
      'WebFetch',
      'WebSearch',
      'Agent',
      'TodoWrite',
    ],
  },
  envMarkers: ['QODER_PROJECT_DIR'],
  envPrefixes: ['QODER_'],
  hookVariables: {
    projectDir: ['QODER_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
    pluginRoot: ['QODER_PLUGIN_ROOT', 'CLAUDE_PLUGIN_ROOT'],
  },
  contract: CLAUDE_LIKE,
  dialect: QODER_DIALECT,
  answers: QODER_ANSWERS,
};
