// pi (`@mariozechner/pi-coding-agent`, 0.73): no command hooks of its own, only in-process
// extensions. hookd's shim (shims/pi.js, written by `hookd install` to
// ~/.pi/agent/extensions/hookd.js) runs the hooks of a hookd-owned file in Claude Code's shape,
// ~/.config/hookd/pi.json, with Claude-shaped payloads. pi awaits every handler: PreToolUse
// (tool_call) can block or change the input, PostToolUse (tool_result) adds a reason or context to
// the result, UserPromptSubmit (input) can end the prompt or add context; SessionStart, Stop
// (agent_end) and SessionEnd (session_shutdown) are waited for but cannot decide.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { PI_ANSWERS, PI_DIALECT } from './hif.js';

const TOOL = 'tool_name';

export const pi: ClientProfile = {
  id: 'pi',
  name: 'pi',
  userFiles: [{ path: '.config/hookd/pi.json' }],
  projectFiles: [],
  homeFolder: '.pi/agent',
  shim: { file: '.pi/agent/extensions/hookd.js', called: 'extension' },
  pathPatterns: [/\/\.config\/hookd\/pi\.json$/],
  layout: 'grouped',
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 60,
  events: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'],
  fireAndForget: ['SessionStart', 'Stop', 'SessionEnd'],
  stopEvent: 'Stop',
  attentionEvents: ['Stop'],
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: { PreToolUse: TOOL, PostToolUse: TOOL },
  // 0.73's built-in tools.
  tools: { shell: 'bash', names: ['bash', 'read', 'edit', 'write', 'grep', 'find', 'ls'] },
  envMarkers: ['PI_PROJECT_DIR'],
  // pi's own (PI_CODING_AGENT, PI_CODING_AGENT_DIR) and the shim's marker: a bare PI_ would carry any variable that starts so.
  envPrefixes: ['PI_CODING_AGENT', 'PI_PROJECT_DIR'],
  // What the shim sets for each hook: the project under pi's name and Claude Code's.
  hookVariables: { projectDir: ['PI_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'] },
  contract: { ...CLAUDE_LIKE, textContextEvents: ['UserPromptSubmit'] },
  dialect: PI_DIALECT,
  answers: PI_ANSWERS,
};
