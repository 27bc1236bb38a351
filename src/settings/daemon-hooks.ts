// The questions the daemon asks of the config on every event, answered from indexes built once
// per reload: which daemon hooks an event runs, and the timeout of a command it was handed.
import { selectHooks } from '../runner/select-hooks.js';
import type { HookConfig, HookEntry } from './config.js';
import type { ClientProfile } from '../clients/profile.js';

export interface DaemonHooks {
  /** How many bridge entries the config has. */
  readonly count: number;
  /** The daemon hooks `event` runs for a payload, matchers applied, identical commands once. */
  forEvent(event: string, data: Record<string, unknown>): HookEntry[];
  /** The entries that run `command` for `event`; the sending client's first when it is known. */
  entriesFor(event: string, command: string, client?: ClientProfile): HookEntry[];
}

const key = (event: string, command: string) => `${event}\0${command}`;

/** Index the bridge entries of `config`. */
export function indexDaemonHooks(config: HookConfig): DaemonHooks {
  const bridged: HookConfig = { shape: config.shape, entries: config.entries.filter((entry) => entry.kind === 'bridge') };
  const byCommand = new Map<string, HookEntry[]>();
  for (const entry of bridged.entries) {
    const list = byCommand.get(key(entry.event, entry.run)) ?? [];
    list.push(entry);
    byCommand.set(key(entry.event, entry.run), list);
  }
  return {
    count: bridged.entries.length,
    forEvent: (event, data) => selectHooks(bridged, event, data, ['bridge']),
    entriesFor(event, command, client) {
      const entries = byCommand.get(key(event, command)) ?? [];
      const own = client ? entries.filter((entry) => entry.client.id === client.id) : [];
      return own.length ? own : entries;
    },
  };
}

/** The timeout for a run of `entries` (the longest when several files name the command), or undefined. */
export function timeoutOf(entries: readonly HookEntry[]): number | undefined {
  return entries.length ? Math.max(...entries.map((entry) => entry.timeoutMs)) : undefined;
}
