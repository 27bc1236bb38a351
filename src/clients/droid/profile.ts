// Droid, the platform's own client, as the real binary (0.225) behaves: the `hooks` key of
// ~/.factory/settings.json (a file with `//` comments), and ~/.factory/hooks.json (else the older
// ~/.factory/hooks/hooks.json) read only as a bare event map, whose events, even empty ones, replace
// the same events of settings.json (the others still run); the
// same files under a project's .factory/, by the same rules (a project's settings.local.json holds
// no hooks Droid runs: it reads only general settings from it). Matchers apply only to PreToolUse,
// PostToolUse and SessionStart, as an exact name or else an unanchored regular expression; every
// group of any other event runs. Each hook gets the payload's top-level strings, numbers and
// booleans as variables of their own names ($session_id, $tool_name). Its events' powers follow
// Claude Code's.
import type { ClientProfile } from '../profile.js';
import { CLAUDE_LIKE } from '../contract.js';
import { DROID_ANSWERS, DROID_DIALECT } from './hif.js';

const TOOL = 'tool_name';

// The same three under ~/.factory and a project's .factory: hooks.json, else the older
// hooks/hooks.json (Droid still reads it when hooks.json is absent), whose events replace
// settings.json's.
const HOOKS = '.factory/hooks.json';
const OLDER_HOOKS = '.factory/hooks/hooks.json';
const FILES = [
  { path: HOOKS, bareMapOnly: true },
  { path: OLDER_HOOKS, bareMapOnly: true, unless: HOOKS },
  { path: '.factory/settings.json', overriddenBy: [HOOKS, OLDER_HOOKS] },
];

export const droid: ClientProfile = {
  id: 'droid',
  name: 'Droid',
  userFiles: FILES,
  projectFiles: FILES,
  pathPatterns: [/\/\.factory\/(hooks|settings|settings\.local)\.json$/, /\/\.factory\/hooks\/hooks\.json$/],
  layout: 'grouped',
  jsonc: true,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 60,
  events: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Notification',
    'Stop',
    'SubagentStop',
    'PreCompact',
    'SessionEnd',
  ],
  fireAndForget: ['Notification', 'SessionEnd'],
  stopEvent: 'Stop',
  attentionEvents: ['Stop', 'Notification'],
  hookTypes: ['command'],
  sessionField: 'session_id',
  matchFields: { PreToolUse: TOOL, PostToolUse: TOOL, SessionStart: 'source' },
  matcherRule: 'droid',
  // 0.225's tools (strings of its binary).
  tools: {
    shell: 'Execute',
    names: [
      'Execute',
      'Read',
      'LS',
      'Edit',
      'MultiEdit',
      'Create',
      'Grep',
      'Glob',
      'ApplyPatch',
      'FetchUrl',
      'WebSearch',
      'TodoWrite',
      'Task',
      'TaskOutput',
      'TaskStop',
      'Skill',
      'ToolSearch',
      'ExitSpecMode',
      'GenerateDroid',
    ],
  },
  payloadAsEnv: true,
  envMarkers: ['FACTORY_PROJECT_DIR', 'DROID_PROJECT_DIR'],
  envPrefixes: ['FACTORY_', 'DROID_'],
  // The payload's fields come as variables too (payloadAsEnv).
  hookVariables: { projectDir: ['FACTORY_PROJECT_DIR', 'DROID_PROJECT_DIR', 'CLAUDE_PROJECT_DIR'] },
  contract: CLAUDE_LIKE,
  dialect: DROID_DIALECT,
  answers: DROID_ANSWERS,
};
