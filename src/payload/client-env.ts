// Which of the client's environment variables the bridge carries with the event, so a hook behind
// the bridge sees what it saw when the client ran it: the variables its command names, the
// client's own (CLAUDE_*, FACTORY_*, *_PROJECT_DIR, *_PLUGIN_ROOT…), the terminal's and PATH.
// Never hookd's own (HOOKD_*: the API key among them). bin/hookd applies the same rule in sh
// (carry_env), with its lists generated from these (bridge/sh-lists.ts).
import { CLIENTS } from '../clients/registry.js';

const TERMINAL = [
  'PATH',
  'TERM',
  'COLORTERM',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'DBUS_SESSION_BUS_ADDRESS',
  'SSH_AUTH_SOCK',
  'LANG',
  'STY',
  'WINDOWID',
  'WT_SESSION',
  'TMUX',
];
const TERMINAL_PREFIXES = ['TERM_', 'TMUX_', 'LC_', 'ITERM_', 'KITTY_', 'WEZTERM_', 'VSCODE_'];
// The environment carrier of trace context: the client's span the hook runs under (issue 25).
export const TRACE_CONTEXT = ['TRACEPARENT', 'TRACESTATE', 'BAGGAGE'] as const;

/**
 * The client's variables the synchronous bridge's run record keeps: its trace context and its
 * project directories (the run's project). native/hookd-shared.h carries the same, generated.
 */
export const RECORD_KEEPS = { exact: TRACE_CONTEXT, suffix: '_PROJECT_DIR' } as const;

/** The variables of `env` a run record keeps (RECORD_KEEPS). */
export function recordEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept = (name: string) =>
    (RECORD_KEEPS.exact as readonly string[]).includes(name) || name.endsWith(RECORD_KEEPS.suffix);
  return Object.fromEntries(
    Object.entries(env).filter((pair): pair is [string, string] => pair[1] !== undefined && kept(pair[0])),
  );
}

/**
 * What the bridge notes beside the client's variables, under names no hook ever sees (HOOKD_*):
 * the event its entry names (`hookd emit --event NAME`, for payloads that carry no
 * `hook_event_name`), its working directory (the project, where the client runs hooks: the
 * hook's directory when the payload has no `cwd`, as Cursor's has none), and `1` when the entry is
 * written `--canonical` (the daemon then gives the hook the canonical fields). bin/hookd writes the same.
 */
export const BRIDGE_NOTES = {
  event: 'HOOKD_BRIDGE_EVENT',
  cwd: 'HOOKD_BRIDGE_CWD',
  canonical: 'HOOKD_BRIDGE_CANONICAL',
} as const;

/** The names carried whatever the command says: exact names, prefixes and suffixes. */
export const CARRIED = {
  exact: new Set([
    ...TERMINAL,
    ...TRACE_CONTEXT,
    ...CLIENTS.flatMap((client) => [...client.envMarkers, ...(client.envCarried ?? [])]),
  ]),
  prefixes: [...TERMINAL_PREFIXES, ...new Set(CLIENTS.flatMap((client) => client.envPrefixes))],
  suffixes: ['_PROJECT_DIR', '_PLUGIN_ROOT'],
};

/** The variable names `command` refers to as `$NAME` or `${NAME}`. */
export function namedVariables(command: string): Set<string> {
  return new Set([...command.matchAll(/\$\{?([A-Za-z0-9_]+)/g)].map((match) => match[1]!));
}

/**
 * How the names of secrets end (GEMINI_API_KEY, CLAUDE_CODE_MESSAGING_TOKEN…): carried only when the
 * command names them, so a key the client holds is not written to the inbox for a hook that never reads it.
 */
export const SECRET_SUFFIXES = ['KEY', 'TOKEN', 'SECRET', 'PASSWORD', 'CREDENTIALS'] as const;

/** hookd's own variables (the API key among them): never carried, even when the command names one. */
export const OWN_PREFIX = 'HOOKD_';

/** Whether the bridge carries variable `name` for a hook running `command`'s named variables. */
export function isCarried(name: string, named: ReadonlySet<string>): boolean {
  if (name.startsWith(OWN_PREFIX)) return false;
  if (named.has(name)) return true;
  if (SECRET_SUFFIXES.some((suffix) => name.endsWith(suffix))) return false;
  return (
    CARRIED.exact.has(name) ||
    CARRIED.prefixes.some((prefix) => name.startsWith(prefix)) ||
    CARRIED.suffixes.some((suffix) => name.endsWith(suffix))
  );
}

/** The carried part of `env` for a hook that runs `command`. */
export function clientEnvOf(env: NodeJS.ProcessEnv, command: string): Record<string, string> {
  const named = namedVariables(command);
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !value.includes('\0') && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && isCarried(name, named))
      vars[name] = value;
  }
  return vars;
}
