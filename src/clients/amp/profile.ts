// Amp (`@sourcegraph/amp`, the Bun-built @ampcode/cli 0.0.1790142911): no command hooks of its own,
// only plugins, TypeScript modules run by its Bun from ~/.config/amp/plugins/*.ts (system) and a
// project's .amp/plugins/*.ts (its `amp plugins show-docs`, the contract read here). hookd's shim
// (shims/amp.js, written to ~/.config/amp/plugins/hookd.ts) runs the hooks of the hookd-owned
// ~/.config/hookd/amp.json in Claude Code's shape with Claude-shaped payloads: PreToolUse on
// `tool.call` (a block is `reject-and-continue` with the reason, `updatedInput` is `modify`),
// PostToolUse on `tool.result` (a reason or context added to a text output), UserPromptSubmit on
// `agent.start` (a context is added to the prompt; Amp has no way to refuse a prompt), Stop on
// `agent.end` (a block sends the reason back as the next user message: `continue`) and SessionStart
// on `session.start` (not awaited). Tool names come from Amp's server per agent mode
// (`shell_command` in the default one).
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { AMP_ANSWERS, AMP_DIALECT } from './hif.js';

const TOOL = 'tool_name';

export const amp: ClientProfile = {
  id: 'amp',
  name: 'Amp',
  userFiles: [{ path: '.config/hookd/amp.json' }],
  projectFiles: [],
  homeFolder: '.config/amp',
  shim: { file: '.config/amp/plugins/hookd.ts', called: 'plugin' },
  pathPatterns: [/\/\.config\/hookd\/amp\.json$/],
  layout: 'grouped',
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 60,
  events: ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop'],
  fireAndForget: ['SessionStart'],
  stopEvent: 'Stop',
  attentionEvents: ['Stop'],
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: { PreToolUse: TOOL, PostToolUse: TOOL },
  envMarkers: ['AMP_PROJECT_DIR'],
  envPrefixes: ['AMP_'],
  hookVariables: { projectDir: ['AMP_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'] },
  contract: { ...CLAUDE_LIKE, textContextEvents: ['UserPromptSubmit'] },
  dialect: AMP_DIALECT,
  answers: AMP_ANSWERS,
};
