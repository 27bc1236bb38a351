// OpenCode (`opencode-ai`, 1.18): no command hooks of its own, only in-process plugins. hookd's
// shim (shims/opencode.js, written by `hookd install` to ~/.config/opencode/plugin/hookd.js) runs
// the hooks of a hookd-owned file in Claude Code's shape, ~/.config/hookd/opencode.json, with
// Claude-shaped payloads. OpenCode awaits tool.execute.before (a hook can block or change the
// arguments), tool.execute.after (a reason or context is added to the output) and chat.message
// (UserPromptSubmit: a block ends the prompt, a context is added to it); it does not await
// its events (session.created, session.idle), so SessionStart and Stop cannot decide.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { OPENCODE_ANSWERS, OPENCODE_DIALECT } from './hif.js';

const TOOL = 'tool_name';

export const opencode: ClientProfile = {
  id: 'opencode',
  name: 'OpenCode',
  userFiles: [{ path: '.config/hookd/opencode.json' }],
  projectFiles: [],
  homeFolder: '.config/opencode',
  shim: { file: '.config/opencode/plugin/hookd.js', called: 'plugin' },
  pathPatterns: [/\/\.config\/hookd\/opencode\.json$/],
  layout: 'grouped',
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 60,
  events: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'],
  fireAndForget: ['SessionStart', 'Stop'],
  stopEvent: 'Stop',
  attentionEvents: ['Stop'],
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: { PreToolUse: TOOL, PostToolUse: TOOL },
  // 1.18's built-in tools (its binary's tool ids).
  tools: {
    shell: 'bash',
    names: [
      'bash',
      'read',
      'write',
      'edit',
      'glob',
      'grep',
      'task',
      'webfetch',
      'websearch',
      'todowrite',
      'apply_patch',
      'skill',
      'question',
      'lsp',
    ],
  },
  envMarkers: ['OPENCODE_PROJECT_DIR'],
  envPrefixes: ['OPENCODE'],
  // What the shim sets for each hook: the project under OpenCode's name and Claude Code's.
  hookVariables: { projectDir: ['OPENCODE_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'] },
  contract: { ...CLAUDE_LIKE, textContextEvents: ['UserPromptSubmit'] },
  dialect: OPENCODE_DIALECT,
  answers: OPENCODE_ANSWERS,
};
