// VS Code's agent hooks (Copilot Chat, preview), from its docs (no VS Code runs here): it reads
// Claude Code's files (~/.claude/settings.json, a project's .claude/settings.json and
// settings.local.json) and Copilot CLI's (.github/hooks/*.json, ~/.copilot/hooks), the very files
// `hookd install` edits for those clients, so an entry hookd wrapped runs in VS Code too. Its
// payloads' common fields are camelCase (`sessionId`, `hookEventName`: parse-payload.ts reads them
// as their snake_case twins), an entry may carry `windows`/`linux`/`osx` overrides of its command
// (install wraps `linux` with the command: plan-edit.ts), and its contract is Claude Code's: exit 0
// with JSON, exit 2 blocks; timeouts in seconds, 30 by default. Not among CLIENTS: it has no file of
// its own, and listed it would have install edit Claude Code's and Copilot CLI's files a second time.
import type { ClientProfile } from './profile.js';
import { CLAUDE_LIKE } from './contract.js';

const TOOL = 'tool_name';

export const vscode: ClientProfile = {
  id: 'vscode' as ClientProfile['id'],
  name: "VS Code's agent hooks",
  userFiles: [{ path: '.claude/settings.json' }, { path: '.copilot/hooks', folder: true }],
  projectFiles: [
    { path: '.claude/settings.json' },
    { path: '.claude/settings.local.json' },
    { path: '.github/hooks', folder: true },
  ],
  pathPatterns: [],
  layout: 'grouped',
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 30,
  events: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'PreCompact',
    'SubagentStart',
    'SubagentStop',
    'Stop',
  ],
  fireAndForget: [],
  stopEvent: 'Stop',
  attentionEvents: ['Stop'],
  hookTypes: ['command'],
  sessionField: 'sessionId',
  matchFields: { PreToolUse: TOOL, PostToolUse: TOOL },
  alsoRuns: ['claude', 'copilot'],
  envMarkers: [],
  envPrefixes: [],
  hookVariables: { projectDir: [] },
  contract: CLAUDE_LIKE,
  // Not one of the registry's clients: no answer is told in its name.
  answers: [],
};
