// The spec's capabilities (capabilities.md) a hook uses, which of them each client can express
// through hookd, and the degradation strategy that applies where it cannot (the author's, else the
// spec's safe default): `warn` drops the feature and says so, `exclude` leaves the hook out of that
// client and says so, `block` installs, in its place, a hook that always blocks (exit 2) and says
// why. Nothing is dropped without a line in the report.
import type { ClientId } from '../clients/registry.js';
import { quote } from 'shell-quote';
import type { DegradationStrategy, HifHook } from './manifest-schema.js';
import { dialectOf, DIALECTS } from './vocabulary.js';
import { ANSWER_ROWS } from './answer-rows.js';

/** The spec's safe defaults (capabilities.md §2.3). */
const DEFAULTS: Readonly<Record<string, DegradationStrategy>> = {
  structured_output: 'warn',
  input_rewrite: 'block',
  llm_evaluated: 'exclude',
  http_handler: 'warn',
  async_execution: 'warn',
  platform_commands: 'warn',
  custom_env: 'warn',
  configurable_cwd: 'warn',
};

/**
 * Who can express what, through hookd. An entry's `env` and `cwd` are read by the clients whose
 * binaries were seen honouring them (each dialect's `entryCarries`: Copilot CLI, Qwen Code and Gemini
 * CLI for `env`, Copilot CLI for `cwd`). Rewriting a tool's input: where the bridge hands a canonical
 * `updated_input` on (the "rewrite" answer rows: Claude Code, Codex and Gemini CLI, each seen running
 * the rewritten call, and hookd's shims for OpenCode and pi); elsewhere the spec's default strategy
 * (block) applies, and the bridge blocks a rewrite it cannot carry at run time too.
 */
const carries = (what: 'env' | 'cwd'): readonly ClientId[] =>
  DIALECTS.filter((dialect) => dialect.entryCarries?.includes(what)).map((dialect) => dialect.client);
const SUPPORT: Readonly<Record<string, readonly ClientId[]>> = {
  custom_env: carries('env'),
  configurable_cwd: carries('cwd'),
  input_rewrite: [
    ...new Set(ANSWER_ROWS.filter((row) => row.outcome === 'rewrite').map((row) => row.client as ClientId)),
  ],
};

/** A hook as one client gets it: the command to run (the hook's, or one that always blocks), what the entry may carry, or why it is left out. */
export interface Degraded {
  command: string;
  env?: Readonly<Record<string, string>>;
  cwd?: string;
  /** The client's own `provider_data`, rendered into its entry as written. */
  extra?: Readonly<Record<string, unknown>>;
  /** Set when the hook is left out of this client, with the line that says why. */
  excluded?: string;
  notes: string[];
}

// Keys of an entry hookd writes itself: a manifest's provider_data cannot replace them.
const RESERVED = ['type', 'command', 'bash', 'powershell', 'timeout', 'timeoutSec', 'matcher', 'hooks', 'env', 'cwd'];

/** The command that stands in for a hook whose `capability` the client lacks, under strategy `block`. */
export function blockingStandIn(capability: string, command: string): string {
  const why =
    capability === 'input_rewrite'
      ? `The hook ${command} sanitizes tool input, which cannot be applied without input_rewrite support.`
      : `The hook ${command} needs it.`;
  return `echo ${quote([`BLOCKED: ${capability} capability required but not supported by this provider. ${why}`])} >&2; exit 2`;
}

/** The platform key of this machine's system, as the spec names it. */
export function platformKey(platform: NodeJS.Platform = process.platform): 'windows' | 'darwin' | 'linux' {
  return platform === 'win32' ? 'windows' : platform === 'darwin' ? 'darwin' : 'linux';
}

/**
 * `hook` for `client` (named `clientName` in lines), labelled `label` (its name or "Hook N"): the
 * command for this machine's system `os` (a `platform` override for it wins over `command`, as the
 * spec says), and every capability the client lacks degraded by its strategy.
 */
export function degrade(
  hook: HifHook,
  client: ClientId,
  clientName: string,
  label: string,
  os: 'windows' | 'darwin' | 'linux',
): Degraded {
  const { handler } = hook;
  const notes: string[] = [];
  const base = handler.platform?.[os] ?? handler.command ?? '';
  const out: Degraded = { command: base, notes };
  const strategyOf = (capability: string) => hook.degradation?.[capability] ?? DEFAULTS[capability] ?? 'warn';
  // One capability the client lacks: apply its strategy; true when the hook is settled (left out or replaced).
  const lacks = (capability: string, what: string): boolean => {
    const strategy = strategyOf(capability);
    if (strategy === 'exclude') {
      out.excluded = `${label}: left out of ${clientName}: ${what} (${capability}, degradation: exclude)`;
      return true;
    }
    if (strategy === 'block') {
      out.command = blockingStandIn(capability, base);
      notes.push(
        `${label}: ${capability} capability not supported by ${clientName}: degradation strategy 'block' applied: the installed hook blocks every matching action (${what})`,
      );
      return true;
    }
    notes.push(`${label}: ${what} (${capability}, degradation: warn)`);
    return false;
  };
  if (handler.type !== 'command') {
    const capability =
      handler.type === 'http'
        ? 'http_handler'
        : handler.type === 'prompt' || handler.type === 'agent'
          ? 'llm_evaluated'
          : handler.type;
    // hookd runs command handlers only: a hook with nothing to run is left out whatever the strategy says, unless it asks to block.
    if (strategyOf(capability) === 'block') return { ...out, command: blockingStandIn(capability, handler.type) };
    return {
      ...out,
      excluded: `${label}: left out of ${clientName}: hookd installs command handlers only, not "${handler.type}" (${capability})`,
    };
  }
  if (hook.capabilities?.includes('input_rewrite') && !SUPPORT.input_rewrite!.includes(client)) {
    if (lacks('input_rewrite', `${clientName} cannot rewrite a tool's input`)) return out;
  }
  const others = Object.keys(handler.platform ?? {}).filter((key) => key !== os);
  if (
    others.length &&
    lacks(
      'platform_commands',
      `'platform' overrides for ${others.join(', ')} dropped: ${clientName} has no per-OS commands; ${handler.platform?.[os] ? `this machine's (${os}) is used` : '"command" is used'}`,
    )
  )
    return out;
  if (handler.env) {
    if (SUPPORT.custom_env!.includes(client)) out.env = handler.env;
    else if (lacks('custom_env', `'env' field dropped: ${clientName} does not support custom environment variables`))
      return out;
  }
  if (handler.cwd) {
    if (SUPPORT.configurable_cwd!.includes(client)) out.cwd = handler.cwd;
    else if (
      lacks('configurable_cwd', `'cwd' field dropped: ${clientName} does not support a configurable working directory`)
    )
      return out;
  }
  if (handler.timeout_action === 'block')
    notes.push(
      `${label}: timeout_action "block" not expressed: on a timeout ${clientName} does what it does for any hook that timed out`,
    );
  if (handler.status_message) notes.push(`${label}: status_message dropped: hookd does not write it`);
  const slug = dialectOf(client).slug;
  for (const other of Object.keys(hook.provider_data ?? {}).filter((key) => key !== slug))
    notes.push(`${label}: provider_data.${other} ignored: not ${clientName}'s`);
  // The spec: the target's own provider_data is rendered into its entry, as written; hookd's keys stay hookd's.
  const own = Object.entries(hook.provider_data?.[slug] ?? {});
  const reserved = own.filter(([key]) => RESERVED.includes(key)).map(([key]) => key);
  if (reserved.length)
    notes.push(`${label}: provider_data.${slug}: ${reserved.join(', ')} not written: hookd writes those keys itself`);
  const kept = own.filter(([key]) => !RESERVED.includes(key));
  if (kept.length) out.extra = Object.fromEntries(kept);
  return out;
}
