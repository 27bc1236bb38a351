// Qwen Code: ~/.qwen/settings.json and a project's .qwen/settings.json, Claude Code's shape; a
// `timeout` in seconds, except that 1000 or more is read as milliseconds; Claude Code's events and
// InstructionsLoaded, PostToolBatch, PostCompact, MessageDisplay. Exit 2 blocks; exit 1 and a
// timeout let the tool run. Its hooks get QWEN_PROJECT_DIR and also GEMINI_PROJECT_DIR, so it is
// named by its own QWEN_CODE_* variables before Gemini CLI is considered.
import type { ClientProfile } from './profile.js';
import { CLAUDE_LIKE } from './contract.js';

const TOOL = 'tool_name';

export const qwen: ClientProfile = {
  id: 'qwen',
  name: 'Qwen Code',
  userFiles: [{ path: '.qwen/settings.json' }],
  projectFiles: [{ path: '.qwen/settings.json' }],
  pathPatterns: [/\/\.qwen\/settings\.json$/],
  layout: 'grouped',
  jsonc: true,
  timeoutUnit: 'seconds',
  millisecondsFrom: 1000,
  defaultTimeoutSec: 60,
  events: [
    'SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Notification',
    'SubagentStart', 'SubagentStop', 'Stop', 'StopFailure', 'PreCompact', 'PostCompact', 'InstructionsLoaded', 'MessageDisplay', 'SessionEnd',
  ],
  fireAndForget: ['Notification', 'SessionEnd', 'StopFailure', 'InstructionsLoaded', 'MessageDisplay', 'PostCompact'],
  stopEvent: 'Stop',
  // Its Notification fires in every headless turn too (auth_success): not one that needs you.
  attentionEvents: ['Stop'],
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: {
    PreToolUse: TOOL, PostToolUse: TOOL, PostToolUseFailure: TOOL, PermissionRequest: TOOL, Notification: 'notification_type',
    SessionStart: 'source', SessionEnd: 'reason', SubagentStart: 'agent_type', SubagentStop: 'agent_type', PreCompact: 'trigger',
  },
  envMarkers: ['QWEN_CODE_SESSION_ID', 'QWEN_PROJECT_DIR'],
  envPrefixes: ['QWEN_'],
  contract: CLAUDE_LIKE,
};
