// Droid, the platform's own client: ~/.factory/hooks.json, else the `hooks` key of
// ~/.factory/settings.json, a file with `//` comments; the same pair under a project's .factory/.
// Its events and their powers follow Claude Code's.
import type { ClientProfile } from './profile.js';
import { CLAUDE_LIKE } from './contract.js';

const TOOL = 'tool_name';

export const droid: ClientProfile = {
  id: 'droid',
  name: 'Droid',
  userFiles: [{ path: '.factory/hooks.json' }, { path: '.factory/settings.json', unless: '.factory/hooks.json' }],
  projectFiles: [
    { path: '.factory/hooks.json' },
    { path: '.factory/settings.json', unless: '.factory/hooks.json' },
    { path: '.factory/settings.local.json' },
  ],
  pathPatterns: [/\/\.factory\/(hooks|settings|settings\.local)\.json$/, /\/\.factory\/hooks\/hooks\.json$/],
  layout: 'grouped',
  jsonc: true,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 60,
  events: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Notification', 'Stop', 'SubagentStop', 'PreCompact', 'SessionEnd'],
  fireAndForget: ['Notification', 'SessionEnd'],
  stopEvent: 'Stop',
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: {
    PreToolUse: TOOL, PostToolUse: TOOL, Notification: 'notification_type', SessionStart: 'source', SessionEnd: 'reason',
    SubagentStop: 'agent_type', PreCompact: 'trigger',
  },
  envMarkers: ['FACTORY_PROJECT_DIR'],
  envPrefixes: ['FACTORY_', 'DROID_'],
  contract: CLAUDE_LIKE,
};
