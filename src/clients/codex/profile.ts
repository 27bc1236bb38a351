// Codex CLI: ~/.codex/hooks.json, and the `[hooks]` tables of ~/.codex/config.toml (read as TOML,
// never edited: install writes hooks.json); the same under a project's .codex/; and its plugins'
// hook files (clients/codex/plugins.ts: Claude Code's shape, read, never edited). Hooks with no
// timeout get 600 s. A hook runs only once trusted by a hash of its content, so a
// command install rewrites must be trusted again. Its older `notify` program gets the event as its
// last argument, not on stdin: `hookd emit --payload-arg -- CMD` reads it from there.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { CODEX_ANSWERS, CODEX_DIALECT } from './hif.js';
import { codexPluginHookFiles } from './plugins.js';

const TOOL = 'tool_name';

export const codex: ClientProfile = {
  id: 'codex',
  name: 'Codex CLI',
  userFiles: [{ path: '.codex/hooks.json' }, { path: '.codex/config.toml', readOnly: true }],
  projectFiles: [{ path: '.codex/hooks.json' }, { path: '.codex/config.toml', readOnly: true }],
  pluginFiles: codexPluginHookFiles,
  pathPatterns: [/\/\.codex\/hooks\.json$/, /\/\.codex\/config\.toml$/, /\/\.codex\/plugins\/cache\/.*\.json$/],
  layout: 'grouped',
  // The session's shell, PowerShell first; `commandWindows` overrides `command` there.
  windows: { shell: 'powershell', key: 'commandWindows' },
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 600,
  events: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'PermissionRequest',
    'PreCompact',
    'PostCompact',
    'SubagentStart',
    'SubagentStop',
    'Stop',
    'StopFailure',
    'Interrupt',
    'SessionEnd',
  ],
  fireAndForget: ['SessionEnd', 'StopFailure', 'Interrupt'],
  stopEvent: 'Stop',
  attentionEvents: ['Stop'],
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: {
    PreToolUse: TOOL,
    PostToolUse: TOOL,
    PermissionRequest: TOOL,
    SessionStart: 'source',
    SubagentStart: 'agent_type',
    SubagentStop: 'agent_type',
    PreCompact: 'trigger',
    PostCompact: 'trigger',
  },
  // What `codex exec` 0.169 gives its hooks: only its npm launcher's variables.
  envMarkers: ['CODEX_MANAGED_BY_NPM', 'CODEX_MANAGED_PACKAGE_ROOT', 'CODEX_THREAD_ID'],
  envPrefixes: ['CODEX_'],
  // No project directory; a plugin's hooks get its folder under both names (the binary's strings).
  hookVariables: { projectDir: [], pluginRoot: ['PLUGIN_ROOT', 'CLAUDE_PLUGIN_ROOT'] },
  contract: { ...CLAUDE_LIKE, emptyAnswer: { Stop: '{}' } },
  afterInstall:
    'Codex runs a new or changed hook only once you trust it: start codex and approve the hookd hooks it lists for review (codex exec skips them until then; hookd doctor lists them)',
  dialect: CODEX_DIALECT,
  answers: CODEX_ANSWERS,
};
