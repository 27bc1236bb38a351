// The environment and working directory a hook runs with (DESIGN.md §4).
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { BRIDGE_NOTES, isCarried, namedVariables } from '../payload/client-env.js';
import { CANONICAL_PREFIX, canonicalFields } from '../hif/canonical-input.js';
import { CLIENTS, clientFromEnv } from '../clients/registry.js';
import type { ClientProfile } from '../clients/profile.js';

// Secrets a hook must never see: hooks reach the API through the daemon, and the loopback token
// (HOOKD_TOKEN, which a user exports for their http hooks) would let any hook, or whoever reads
// its environment, run commands as the user through the listener (issue 21). The OTLP headers
// carry the collector's credentials. The synchronous bridges withhold the same (bridge/sync.ts, and
// native/run-hook.c from the list scripts/build-native.mjs generates from this one).
/** The variables of hookd's environment no hook is given. */
export const WITHHELD_VARIABLES = [
  'HOOKD_API_KEY',
  'HOOKD_API_KEY_FILE',
  'HOOKD_LOCAL_TOKEN',
  'HOOKD_TOKEN',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
  'OTEL_EXPORTER_OTLP_METRICS_HEADERS',
  'OTEL_EXPORTER_OTLP_LOGS_HEADERS',
] as const;
const WITHHELD: ReadonlySet<string> = new Set(WITHHELD_VARIABLES);

export interface HookContext {
  eventId: string;
  event: string;
  attempt: number;
  socket?: string;
  /** The client's variables carried by the bridge: they win over the daemon's. */
  clientEnv?: Record<string, string>;
  /** The command the hook runs: the variables it names are carried too. */
  command?: string;
  /** The run this one retries (`hookd retry`), given to the hook as HOOKD_RETRY_OF. */
  retryOf?: string;
  /** The payload's bytes: a client that exports its fields (Droid) gets them exported here too. */
  payload?: Buffer;
  /** The client that sent the event, when known better than from `clientEnv` (`hookd run --client`). */
  client?: ClientProfile;
  /** The variables the client itself sets for its hooks (`hookd run`: runner/client-vars.ts), under the entry's own. */
  clientVars?: Record<string, string>;
  /** The variables the hook's entry sets (Copilot CLI's and Qwen Code's `env`), as written. */
  entryEnv?: Record<string, string>;
  /** The hook speaks the canonical form (`--canonical`; the bridge notes it in the record): it gets the HOOKD_HIF_* fields. */
  canonical?: boolean;
}

// A payload field becomes a variable only under a name a client would use for one: snake_case
// (`session_id`), or a client's own (`CLAUDE_ENV_FILE`); never PATH, LD_PRELOAD or HOOKD_*.
const FIELD_NAME = /^[a-z][a-z0-9_]*$/;
const CLIENT_NAME = /^[A-Z][A-Z0-9_]*$/;
const CLIENT_PREFIXES = CLIENTS.flatMap((client) => client.envPrefixes);

/**
 * The top-level strings, numbers and booleans of `payload`, as `client` puts them into its hooks'
 * environment under their own names (Droid: `$session_id`, `$tool_name`, `$stop_hook_active`).
 */
export function payloadVariables(
  client: ClientProfile | undefined,
  payload: Buffer | undefined,
): Record<string, string> {
  if (!client?.payloadAsEnv || !payload) return {};
  let data: unknown;
  try {
    data = JSON.parse(payload.toString('utf8'));
  } catch {
    return {};
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    const named =
      FIELD_NAME.test(name) || (CLIENT_NAME.test(name) && CLIENT_PREFIXES.some((prefix) => name.startsWith(prefix)));
    if (scalar && named && !String(value).includes('\0')) vars[name] = String(value);
  }
  return vars;
}

// The filtered copy of the last base environment, made once rather than for every run.
let cached: { base: NodeJS.ProcessEnv; env: Record<string, string> } | undefined;

/**
 * `base` as a hook inherits it: without hookd's secrets (WITHHELD_VARIABLES), and without the
 * canonical fields (HOOKD_HIF_*), which only hookd's bridge may give, afresh, to a --canonical hook:
 * inherited, they would tell a guard it runs behind hookd when it does not (issue 41, 4).
 */
export function inheritedByHooks(base: NodeJS.ProcessEnv): Record<string, string> {
  if (cached?.base === base) return cached.env;
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value !== undefined && !WITHHELD.has(name) && !name.startsWith(CANONICAL_PREFIX)) env[name] = value;
  }
  cached = { base, env };
  return env;
}

/** The daemon's environment as hooks inherit it (inheritedByHooks), then the client's carried variables, then the HOOKD_* context. */
export function hookEnv(context: HookContext, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const client = context.client ?? clientFromEnv(context.clientEnv ?? {});
  const env = { ...inheritedByHooks(base), ...payloadVariables(client, context.payload) };
  // The bridge's rule again: a record written by other means carries nothing else (LD_PRELOAD, say).
  const named = namedVariables(context.command ?? '');
  for (const [name, value] of Object.entries(context.clientEnv ?? {})) {
    if (isCarried(name, named)) env[name] = value;
  }
  for (const [name, value] of Object.entries(context.clientVars ?? {})) env[name] = value;
  // The client sets the entry's own variables over its environment, as written: Copilot CLI 1.0.102
  // expands neither `$NAME` nor `${NAME}` in them (test/clients/copilot.test.ts).
  for (const [name, value] of Object.entries(context.entryEnv ?? {}))
    if (!name.startsWith('HOOKD_') && !WITHHELD.has(name)) env[name] = value;
  // A canonical hook reads the canonical fields beside the payload, as the synchronous bridges give them (hif/canonical-input.ts).
  if (context.canonical || context.clientEnv?.[BRIDGE_NOTES.canonical] === '1')
    Object.assign(env, canonicalFields(client?.id ?? 'generic', context.event, context.payload ?? Buffer.alloc(0)));
  env.HOOKD_EVENT_ID = context.eventId;
  env.HOOKD_EVENT = context.event;
  env.HOOKD_ATTEMPT = String(context.attempt);
  if (context.socket) env.HOOKD_SOCKET = context.socket;
  if (context.retryOf) env.HOOKD_RETRY_OF = context.retryOf;
  return env;
}

/**
 * Where a bridged hook runs, as its client would run it: the payload's `cwd`, else the directory
 * the client ran the bridge in (Cursor's payloads have none); the bridge's first when the client's
 * entries name their own directory (Copilot CLI's `cwd`).
 */
export function bridgedHookDir(
  client: ClientProfile | undefined,
  payloadCwd: string | undefined,
  bridgeCwd: string | undefined,
): string | undefined {
  return (client?.entryCwd ? bridgeCwd : undefined) ?? payloadCwd ?? bridgeCwd;
}

/**
 * The payload's `cwd` when it is an existing directory, else `fallback` (the home directory), else
 * the root: a directory gone or unreadable must not keep the hook from running.
 */
export function hookCwd(cwd: string | undefined, fallback = homedir()): string {
  for (const dir of [cwd, fallback]) {
    try {
      if (dir && statSync(dir).isDirectory()) return dir;
    } catch {
      // Gone or unreadable: the next one.
    }
  }
  return '/';
}
