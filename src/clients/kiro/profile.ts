// Kiro CLI (`kiro-cli`, 3.x), from its docs (kiro.dev/docs/cli/v3/hooks; no binary here: its
// installer fetches a signed-in AWS build): every `*.json` of ~/.kiro/hooks/ and of a workspace's
// .kiro/hooks/, each a versioned list of named hooks, `{"version": "v1", "hooks": [{"name",
// "trigger", "matcher", "action": {"type": "command", "command"}, "timeout", "enabled"}]}`, that
// apply to every agent. hookd reads such a file as an event map (settings/listed-hooks.ts) and wraps
// its commands in place. `timeout` is seconds, default 60. Exit 2 blocks PreToolUse,
// UserPromptSubmit and PreTaskExec, stderr to the agent; any other failure is a warning.
// (The hooks embedded in 2.x agent configs, .kiro/agents/*.json, still run in 3.x; hookd leaves them.)
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { KIRO_ANSWERS, KIRO_DIALECT } from './hif.js';

const EVENTS = [
  'SessionStart',
  'Stop',
  'PreToolUse',
  'PostToolUse',
  'PreTaskExec',
  'PostTaskExec',
  'UserPromptSubmit',
  'PostFileCreate',
  'PostFileSave',
  'PostFileDelete',
  'Manual',
];
const BLOCKING = ['PreToolUse', 'UserPromptSubmit', 'PreTaskExec'];

export const kiro: ClientProfile = {
  id: 'kiro',
  name: 'Kiro CLI',
  userFiles: [{ path: '.kiro/hooks', folder: true }],
  projectFiles: [{ path: '.kiro/hooks', folder: true }],
  listedHooks: true,
  pathPatterns: [/\/\.kiro\/hooks\/[^/]+\.json$/],
  // The view hookd reads a listed file as (one group per hook).
  layout: 'grouped',
  jsonc: false,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 60,
  events: EVENTS,
  fireAndForget: EVENTS.filter((event) => !BLOCKING.includes(event)),
  stopEvent: 'Stop',
  attentionEvents: ['Stop'],
  hookTypes: ['command', 'agent'],
  sessionField: 'session_id',
  // Its file triggers match the file's path; its docs name no payload key for it: `file_path` is hookd's reading.
  matchFields: {
    PreToolUse: 'tool_name',
    PostToolUse: 'tool_name',
    PostFileCreate: 'file_path',
    PostFileSave: 'file_path',
    PostFileDelete: 'file_path',
  },
  matcherRule: 'regex',
  // Its v3 docs do not say its payload names the trigger: the bridge entry names it.
  unnamedEvents: EVENTS,
  envMarkers: [],
  envPrefixes: ['KIRO_'],
  hookVariables: { projectDir: [] },
  contract: {
    ...CLAUDE_LIKE,
    blockingExits: Object.fromEntries([...BLOCKING.map((event) => [event, [2]]), ['*', []]]),
    textContextEvents: [],
    reads: {
      exit1: 'a failed hook: stderr shown as a warning, the agent goes on',
      exit2: 'PreToolUse, UserPromptSubmit, PreTaskExec: blocks, stderr to the agent; elsewhere a failure',
      timeout: 'a failed hook: the agent goes on',
    },
  },
  dialect: KIRO_DIALECT,
  answers: KIRO_ANSWERS,
};
