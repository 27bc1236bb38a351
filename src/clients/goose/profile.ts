// Goose (block/goose), from its docs and source (documentation/docs/guides/context-engineering/
// hooks.md at 0825b570, crates/goose/src/plugins/discovery.rs at 21aecaf8; no binary here: no npm
// package, and its release is a desktop app and a CLI we cannot fetch offline). Hooks belong to
// plugins: every folder of ~/.agents/plugins/ and of a project's .agents/plugins/ is one, its hooks
// in hooks/hooks.json, in Claude Code's grouped shape (`matcher`, `hooks: [{type, command, timeout,
// on_failure}]`); hookd's own is the plugin `hookd`. Payloads name the event `event`, the session
// `session_id`, the folder `working_dir` (no `cwd`). Only PreToolUse and Stop decide: exit 2 (stderr
// the reason) or `{"decision": "block"}` on stdout; anything else, a timeout included, is "no
// decision": the tool runs, unless the hook says `"on_failure": "block"`.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { GOOSE_ANSWERS, GOOSE_DIALECT } from './hif.js';

const EVENTS = [
  'SessionStart',
  'SessionEnd',
  'Stop',
  'UserPromptSubmit',
  'PreToolUse',
  'PreToolUseResult',
  'PostToolUse',
  'PostToolUseFailure',
  'BeforeReadFile',
  'AfterFileEdit',
  'BeforeShellExecution',
  'AfterShellExecution',
];
const DECIDING = ['PreToolUse', 'Stop'];
// The string every rule's matcher is tested against, on each event that has one.
const MATCHED = 'matcher_context';

export const goose: ClientProfile = {
  id: 'goose',
  name: 'Goose',
  userFiles: [{ path: '.agents/plugins', plugins: true }],
  projectFiles: [{ path: '.agents/plugins', plugins: true }],
  homeFolder: '.config/goose',
  pathPatterns: [/\/\.agents\/plugins\/[^/]+\/hooks\/hooks\.json$/],
  layout: 'grouped',
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 30,
  events: EVENTS,
  fireAndForget: EVENTS.filter((event) => !DECIDING.includes(event)),
  stopEvent: 'Stop',
  attentionEvents: ['Stop'],
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: Object.fromEntries(
    EVENTS.filter((event) => !['SessionStart', 'SessionEnd', 'Stop'].includes(event)).map((event) => [event, MATCHED]),
  ),
  matcherRule: 'regex',
  unnamedEvents: EVENTS,
  sendsNoCwd: true,
  // Its docs name only PLUGIN_ROOT, which names no client: the bridge entry names it.
  envMarkers: [],
  envPrefixes: ['GOOSE_'],
  hookVariables: { projectDir: [], pluginRoot: ['PLUGIN_ROOT'] },
  contract: {
    ...CLAUDE_LIKE,
    blockingExits: { PreToolUse: [2], Stop: [2], '*': [] },
    textContextEvents: [],
    reads: {
      exit1: 'no decision: the tool runs (unless the hook says "on_failure": "block")',
      exit2: 'PreToolUse: denies, stderr the reason; Stop: keeps the turn going (capped)',
      timeout: 'no decision: the tool runs (unless "on_failure": "block")',
    },
  },
  dialect: GOOSE_DIALECT,
  answers: GOOSE_ANSWERS,
};
