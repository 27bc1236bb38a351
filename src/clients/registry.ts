// The known clients, and how a file or an event names its client.
import { claude } from './claude/profile.js';
import { codex } from './codex/profile.js';
import { copilot } from './copilot/profile.js';
import { cursor } from './cursor/profile.js';
import { droid } from './droid/profile.js';
import { gemini } from './gemini/profile.js';
import { qwen } from './qwen/profile.js';
import { opencode } from './opencode/profile.js';
import { pi } from './pi/profile.js';
import { crush } from './crush/profile.js';
import { cline } from './cline/profile.js';
import { auggie } from './auggie/profile.js';
import { amp } from './amp/profile.js';
import { kilo } from './kilo/profile.js';
import { qoder } from './qoder/profile.js';
import { windsurf } from './windsurf/profile.js';
import { kiro } from './kiro/profile.js';
import { goose } from './goose/profile.js';
import { grok } from './grok/profile.js';
import type { ClientProfile } from './profile.js';
import { CLAUDE_LIKE } from './contract.js';

/** The clients' ids, each its profile's. */
export type ClientId =
  | 'droid'
  | 'claude'
  | 'copilot'
  | 'qwen'
  | 'gemini'
  | 'codex'
  | 'cursor'
  | 'opencode'
  | 'pi'
  | 'crush'
  | 'cline'
  | 'auggie'
  | 'amp'
  | 'kilo'
  | 'qoder'
  | 'windsurf'
  | 'kiro'
  | 'goose'
  | 'grok';

/**
 * Every client hookd knows, in the order commands list them and environments are matched: Qwen
 * Code sets GEMINI_PROJECT_DIR, Copilot CLI and Droid CLAUDE_PROJECT_DIR, so each is named by its
 * own variables before the client whose variables it borrows (hookd's shims for OpenCode and pi set
 * CLAUDE_PROJECT_DIR too).
 */
export const CLIENTS: readonly ClientProfile[] = [
  droid,
  claude,
  copilot,
  qwen,
  gemini,
  codex,
  cursor,
  opencode,
  pi,
  crush,
  cline,
  auggie,
  amp,
  kilo,
  qoder,
  windsurf,
  kiro,
  goose,
  grok,
];

export const CLIENT_IDS = CLIENTS.map((client) => client.id);

/** A file that belongs to no known client (`--settings` elsewhere): read in either shape, decisions assumed. */
export const GENERIC: ClientProfile = {
  id: 'generic' as ClientId,
  name: 'agent client',
  userFiles: [],
  projectFiles: [],
  pathPatterns: [],
  layout: 'grouped',
  jsonc: true,
  timeoutUnit: 'seconds',
  defaultTimeoutSec: 60,
  events: [...new Set(CLIENTS.flatMap((client) => client.events))],
  // Only what every client ignores: anything else may decide for some client.
  fireAndForget: ['Notification', 'SessionEnd'],
  stopEvent: 'Stop',
  attentionEvents: ['Stop', 'Notification'],
  hookTypes: [...new Set(CLIENTS.flatMap((client) => client.hookTypes))],
  sessionField: 'session_id',
  // Where clients match an event on different fields, the first listed wins (Claude Code's `agent_type`
  // for SubagentStop, not Grok CLI's `subagentType`).
  matchFields: Object.assign({}, ...CLIENTS.map((client) => client.matchFields).reverse()) as Record<string, string>,
  envMarkers: [],
  envPrefixes: [],
  // A file of no known client: the name most clients set (all but Codex), and Claude Code's plugin root.
  hookVariables: { projectDir: ['CLAUDE_PROJECT_DIR'], pluginRoot: ['CLAUDE_PLUGIN_ROOT'] },
  contract: CLAUDE_LIKE,
  answers: [],
};

/** The client named `id`, if hookd knows it. */
export function clientById(id: string): ClientProfile | undefined {
  return CLIENTS.find((client) => client.id === id);
}

/** The client whose file `file` is, judged by its path, if any. */
export function clientForPath(file: string): ClientProfile | undefined {
  return CLIENTS.find((client) => client.pathPatterns.some((pattern) => pattern.test(file)));
}

/** The client that ran the bridge, judged by the variables it set for its hooks. */
export function clientFromEnv(vars: Readonly<Record<string, string>>): ClientProfile | undefined {
  return CLIENTS.find((client) => client.envMarkers.some((name) => vars[name] !== undefined));
}

/**
 * The client an answer is told to: `named`, the one the bridge entry names, unless a client that
 * reads only its own answers runs `named`'s files and set its variables (Grok CLI running a
 * canonical guard of Claude Code's settings.json reads Claude Code's denial as an allow).
 */
export function answeringClient(
  named: ClientProfile,
  vars: Readonly<Record<string, string | undefined>>,
): ClientProfile {
  const running = CLIENTS.find(
    (client) =>
      client.readsOnlyItsOwnAnswers === true &&
      client.alsoRuns?.includes(named.id) &&
      client.envMarkers.some((name) => vars[name] !== undefined),
  );
  return running ?? named;
}

/** The payload fields that name a session, across clients. */
export const SESSION_FIELDS: readonly string[] = [...new Set(CLIENTS.map((client) => client.sessionField))];
