// GitHub Copilot CLI: every `*.json` of ~/.copilot/hooks/ ($COPILOT_HOME/hooks/ when set) and of a repository's .github/hooks/,
// each `{"version": 1, "hooks": {event: [{type, bash, powershell, cwd, env, timeoutSec}]}}`: hooks
// straight in the event list (as Cursor's), the command under `bash` (`powershell` on Windows),
// the timeout under `timeoutSec` (seconds, default 30). Its camelCase events send camelCase
// payloads with no `hook_event_name` (the bridge entry names the event: `hookd emit --event NAME`);
// PascalCase names (Stop, SessionStart…) get Claude Code's snake_case payloads. preToolUse fails
// closed: exit 1 denies as exit 2 does; a timeout lets the tool run.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { COPILOT_ANSWERS, COPILOT_DIALECT } from './hif.js';

// What Copilot CLI 1.0.102 fires for its camelCase names (CLIENTS.md, checked with the binary).
const CAMEL_EVENTS = [
  'sessionStart',
  'userPromptSubmitted',
  'preToolUse',
  'permissionRequest',
  'postToolUse',
  'postToolUseFailure',
  'agentStop',
  'subagentStart',
  'subagentStop',
  'errorOccurred',
  'preCompact',
  'notification',
  'sessionEnd',
];
const PASCAL_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'Stop',
  'SubagentStop',
  'PreCompact',
  'Notification',
  'SessionEnd',
];

export const copilot: ClientProfile = {
  id: 'copilot',
  name: 'GitHub Copilot CLI',
  // Also the inline `hooks` of its settings.json (1.0.102 runs the user's: test/clients/copilot-inline.test.ts; the project's from its docs).
  userFiles: [
    { path: '.copilot/hooks', folder: true, movedBy: { variable: 'COPILOT_HOME', path: 'hooks' } },
    { path: '.copilot/settings.json', movedBy: { variable: 'COPILOT_HOME', path: 'settings.json' } },
  ],
  projectFiles: [{ path: '.github/hooks', folder: true }, { path: '.github/copilot/settings.json' }],
  pathPatterns: [
    /\/\.copilot\/hooks\/[^/]+\.json$/,
    /\/\.github\/hooks\/[^/]+\.json$/,
    /\/\.copilot\/settings\.json$/,
    /\/\.github\/copilot\/settings\.json$/,
  ],
  layout: 'flat',
  // `powershell` beside `bash`: the one it runs on Windows.
  windows: { shell: 'powershell', key: 'powershell', keyOnly: true },
  newFileVersion: 1,
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 30,
  // 1.0.102 also runs an entry written in VS Code's shape, `{"command": …, "timeout": 15}` with no
  // `type` (1Password's hooks file), and runs the other entries of a file beside one it cannot
  // read (both checked with the binary: test/settings/tolerant-files.test.ts, docs/clients.md).
  hookKeys: {
    command: 'bash',
    timeout: 'timeoutSec',
    otherShells: ['powershell'],
    also: { command: 'command', timeout: 'timeout' },
  },
  dropsInvalid: 'entries',
  events: [...CAMEL_EVENTS, ...PASCAL_EVENTS],
  // Its docs call notification fire-and-forget; postToolUse may change the tool's result and
  // postToolUseFailure and errorOccurred may guide a retry, so they are treated as deciding.
  fireAndForget: ['sessionEnd', 'notification', 'SessionEnd', 'Notification'],
  stopEvent: 'agentStop',
  // Its notification also fires when the agent completes: agentStop alone, one pop-up a turn.
  attentionEvents: ['agentStop'],
  hookTypes: ['command', 'prompt'],
  sessionField: 'session_id',
  // Copilot's docs: a notification hook's matcher applies to notification_type, a permissionRequest one's to toolName.
  matchFields: { notification: 'notification_type', permissionRequest: 'toolName' },
  unnamedEvents: CAMEL_EVENTS,
  // An entry's `cwd` (relative to the repository or absolute) is where Copilot runs it, and so the bridge.
  entryCwd: true,
  envMarkers: ['COPILOT_CLI', 'COPILOT_HOOK_DIR'],
  envPrefixes: ['COPILOT_'],
  // As 1.0.102 sets them (test/clients/copilot.test.ts): COPILOT_HOOK_DIR is the folder of the hook's file.
  hookVariables: {
    projectDir: ['COPILOT_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'],
    hookDir: ['COPILOT_HOOK_DIR'],
    fixed: { COPILOT_CLI: '1' },
  },
  contract: {
    ...CLAUDE_LIKE,
    // Fails closed: a preToolUse hook that exits 1 denies the tool, as exit 2 does.
    blockingExits: { preToolUse: [1, 2], '*': [2] },
    // A timed-out hook lets the tool run: the bridge answers as a hook that allowed it.
    onTimeout: { exitCode: 0, stdout: '' },
    textContextEvents: [],
    reads: {
      exit1: 'preToolUse: denies the tool (fails closed); other events: a non-blocking error',
      exit2: 'denies or blocks: stderr goes to the agent',
      timeout: 'the tool runs: a timeout allows',
    },
  },
  dialect: COPILOT_DIALECT,
  answers: COPILOT_ANSWERS,
};
