// Crush (charmbracelet/crush), from its docs (docs/hooks/README.md and its crush-hooks skill; no
// binary runs here: its npm package downloads it from GitHub at install): `hooks` in crush.json
// (JSON with comments), the user's ~/.config/crush/crush.json and a project's crush.json or
// .crush.json, hooks straight in the event list (`{"name", "matcher", "command", "timeout"}`, as
// Cursor's), a matcher an unanchored regular expression on the tool name. Its payload names the
// event `event`, not `hook_event_name`: the bridge entry names it. Exit 2 blocks the tool, exit 49
// halts the turn; any other exit and a timeout are "no opinion", the tool runs. Timeouts in
// seconds, default 30.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { CRUSH_ANSWERS, CRUSH_DIALECT } from './hif.js';

const TOOL = 'tool_name';
// Its hook events (the crush-hooks skill); the docs' older list holds PreToolUse and PreCompact.
const EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PermissionResult',
  'SessionStart',
  'SessionEnd',
  'TurnStart',
  'TurnEnd',
  'StopFailure',
  'Interrupt',
  'PreCompact',
  'PostCompact',
];
// Exit 49 halts the turn on every event; exit 2 blocks only where there is something to block.
const HALT = 49;

export const crush: ClientProfile = {
  id: 'crush',
  name: 'Crush',
  userFiles: [{ path: '.config/crush/crush.json' }],
  projectFiles: [{ path: 'crush.json' }, { path: '.crush.json' }],
  pathPatterns: [/\/\.config\/crush\/crush\.json$/, /(^|\/)\.?crush\.json$/],
  layout: 'flat',
  jsonc: true,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 30,
  events: EVENTS,
  // Only the events that come after the fact; a halt (exit 49) may still come from any other.
  fireAndForget: ['SessionEnd', 'StopFailure'],
  stopEvent: 'TurnEnd',
  attentionEvents: ['TurnEnd'],
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: {
    PreToolUse: TOOL,
    PostToolUse: TOOL,
    PostToolUseFailure: TOOL,
    PermissionRequest: TOOL,
    PermissionResult: TOOL,
    PreCompact: TOOL,
  },
  matcherRule: 'regex',
  unnamedEvents: EVENTS,
  envMarkers: ['CRUSH_EVENT', 'CRUSH_SESSION_ID'],
  envPrefixes: ['CRUSH_'],
  envCarried: ['CRUSH', 'AGENT', 'AI_AGENT'],
  hookVariables: {
    projectDir: ['CRUSH_PROJECT_DIR'],
    sessionId: ['CRUSH_SESSION_ID'],
    cwd: ['CRUSH_CWD'],
    fixed: { CRUSH: '1', AGENT: 'crush', AI_AGENT: 'crush' },
  },
  contract: {
    ...CLAUDE_LIKE,
    blockingExits: { PreToolUse: [2, HALT], PermissionRequest: [2, HALT], PreCompact: [2, HALT], '*': [HALT] },
    // A timed-out hook is "no opinion": the bridge answers as a hook that failed, which Crush logs and ignores.
    onTimeout: { exitCode: 1, stdout: '' },
    // It reads only the JSON envelope on stdout (`decision`, `halt`, `reason`, `context`, `updated_input`).
    textContextEvents: [],
    reads: {
      exit1: 'a non-blocking error: logged, the tool runs',
      exit2: 'PreToolUse: blocks the tool, stderr is the reason; exit 49 halts the whole turn',
      timeout: 'no opinion: the tool runs',
    },
  },
  dialect: CRUSH_DIALECT,
  answers: CRUSH_ANSWERS,
};
