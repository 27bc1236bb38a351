// The questions the daemon asks of the config on every event, answered from indexes built once
// per reload: which daemon hooks an event runs, the timeout of a command it was handed, and
// whether the hook endpoint may run a command it was asked for. Entries of the synchronous bridge
// (`hookd sync -- CMD`) are followed too, so that a run it records finds its entry, but the daemon
// never runs them on an event (the client already did) and the hook endpoint never runs them.
import { selectHooks } from './select-hooks.js';
import { DAEMON_KINDS, isDaemonHook, runsThroughHookd, type HookConfig, type HookEntry } from './config.js';
import type { ClientProfile } from '../clients/profile.js';

export interface DaemonHooks {
  /** How many daemon hooks (bridge and http entries) the config has. */
  readonly count: number;
  /** The daemon hooks `event` runs for a payload, matchers applied, identical commands once. */
  forEvent(event: string, data: Record<string, unknown>): HookEntry[];
  /** The entries that run `command` for `event` through hookd (sync entries too); the sending client's first when it is known. */
  entriesFor(event: string, command: string, client?: ClientProfile): HookEntry[];
  /** The http entries that name `command` for `event`: only those let the hook endpoint run it. */
  httpEntriesFor(event: string, command: string): HookEntry[];
  /** The events for which some http entry names `command`. */
  httpEvents(command: string): string[];
  /**
   * The one event whose bridge entries of `client` run `command`, if there is exactly one: the
   * event of a payload that does not name it, bridged by an entry written without `--event`.
   */
  onlyEventOf(command: string, client: ClientProfile | undefined): string | undefined;
}

const key = (event: string, command: string) => `${event}\0${command}`;

/** Index the daemon hooks (bridge and http entries) of `config`. */
export function indexDaemonHooks(config: HookConfig): DaemonHooks {
  const bridged: HookConfig = { shape: config.shape, entries: config.entries.filter(isDaemonHook) };
  const byCommand = new Map<string, HookEntry[]>();
  for (const entry of config.entries.filter(runsThroughHookd)) {
    const list = byCommand.get(key(entry.event, entry.run)) ?? [];
    list.push(entry);
    byCommand.set(key(entry.event, entry.run), list);
  }
  return {
    count: bridged.entries.length,
    forEvent: (event, data) => selectHooks(bridged, event, data, DAEMON_KINDS),
    entriesFor(event, command, client) {
      const entries = byCommand.get(key(event, command)) ?? [];
      const own = client ? entries.filter((entry) => entry.client.id === client.id) : [];
      return own.length ? own : entries;
    },
    httpEntriesFor: (event, command) => (byCommand.get(key(event, command)) ?? []).filter((entry) => entry.kind === 'http'),
    httpEvents: (command) => [...new Set(bridged.entries.filter((entry) => entry.kind === 'http' && entry.run === command).map((entry) => entry.event))],
    onlyEventOf(command, client) {
      const events = new Set(bridged.entries.filter((entry) => entry.run === command && (!client || entry.client.id === client.id)).map((entry) => entry.event));
      return events.size === 1 ? [...events][0] : undefined;
    },
  };
}

/** The timeout for a run of `entries` (the longest when several files name the command), or undefined. */
export function timeoutOf(entries: readonly HookEntry[]): number | undefined {
  return entries.length ? Math.max(...entries.map((entry) => entry.timeoutMs)) : undefined;
}
