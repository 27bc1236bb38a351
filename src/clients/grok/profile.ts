// Grok CLI (xAI's `grok`), from its source and user guide (xai-org/grok-build 19d42e35:
// crates/codegen/xai-grok-hooks, its user guide's hooks page; no binary here): every `*.json` of
// ~/.grok/hooks/ and of a project's .grok/hooks/, in Claude Code's grouped shape. It also runs
// Claude Code's settings files and Cursor's hooks.json (alsoRuns): a hook installed there runs under
// Grok too, so hookd writes no second copy. A project's hooks (its .grok/hooks, .claude/settings.json
// and .cursor/hooks.json) run only once the folder is trusted (~/.grok/trusted_folders.toml:
// cannot-run/grok-runs-less.ts says when not). `timeout` is seconds, default 5 (600 for Stop and
// SubagentStop): a hook copied from Claude Code with no timeout is cut at 5 s. Every failure fails
// open; only PreToolUse (exit 2 or `{"decision": "deny"}`) and Stop/SubagentStop decide.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { GROK_ANSWERS, GROK_DIALECT } from './hif.js';

const EVENTS = [
  'SessionStart',
  'SessionEnd',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionDenied',
  'Stop',
  'StopFailure',
  'StopCancelled',
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'SubagentEnd',
  'PreCompact',
  'PostCompact',
];
const DECIDING = ['PreToolUse', 'Stop', 'SubagentStop', 'SubagentEnd'];
const TOOL = 'toolName';

export const grok: ClientProfile = {
  id: 'grok',
  name: 'Grok CLI',
  userFiles: [{ path: '.grok/hooks', folder: true }],
  projectFiles: [{ path: '.grok/hooks', folder: true }],
  pathPatterns: [/\/\.grok\/hooks\/[^/]+\.json$/],
  layout: 'grouped',
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 5,
  events: EVENTS,
  fireAndForget: EVENTS.filter((event) => !DECIDING.includes(event)),
  stopEvent: 'Stop',
  attentionEvents: ['Stop', 'Notification'],
  hookTypes: ['command', 'http'],
  // Its payloads are camelCase: `sessionId`, `toolName`, and `hookEventName` in snake case
  // (`pre_tool_use`), so the bridge entry names the event.
  sessionField: 'sessionId',
  matchFields: {
    PreToolUse: TOOL,
    PostToolUse: TOOL,
    PostToolUseFailure: TOOL,
    PermissionDenied: TOOL,
    Notification: 'notificationType',
    SubagentStart: 'subagentType',
    SubagentStop: 'subagentType',
    SessionStart: 'source',
    StopFailure: 'error',
    StopCancelled: 'reason',
  },
  unnamedEvents: EVENTS,
  alsoRuns: ['claude', 'cursor'],
  // It reads `decision` alone: Claude Code's `hookSpecificOutput.permissionDecision` is an allow there.
  readsOnlyItsOwnAnswers: true,
  envMarkers: ['GROK_HOOK_EVENT', 'GROK_SESSION_ID'],
  envPrefixes: ['GROK_'],
  hookVariables: {
    projectDir: ['GROK_WORKSPACE_ROOT', 'CLAUDE_PROJECT_DIR'],
    sessionId: ['GROK_SESSION_ID'],
  },
  contract: {
    ...CLAUDE_LIKE,
    blockingExits: { PreToolUse: [2], Stop: [2], SubagentStop: [2], SubagentEnd: [2], '*': [] },
    textContextEvents: [],
    reads: {
      exit1: 'fails open: recorded, nothing blocked ({"decision": "deny"} on stdout still denies)',
      exit2: 'PreToolUse: denies (first stderr line the reason); Stop/SubagentStop: keeps the agent working',
      timeout: 'fails open: the tool runs, the turn ends',
    },
  },
  dialect: GROK_DIALECT,
  answers: GROK_ANSWERS,
};
