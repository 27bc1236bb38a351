// The one answer to "does the daemon run this command for this event, and from which entry": which
// entries the daemon runs, by the way a command comes to it (runsBy, from the table of entry kinds,
// entry-kinds.ts), and the questions the daemon asks of a config on every event, answered from
// indexes built once per reload. Every other module asks here (the live config over the followed and the project files, `hookd clients`,
// status, validate, the lints, the hook endpoint, a retry) instead of filtering entries its own way.
import { selectHooks } from './select-hooks.js';
import { COUNTED_KINDS, kindRunsBy, type Way } from './entry-kinds.js';
import type { HookConfig, HookEntry } from './config.js';
import type { ClientProfile } from '../clients/profile.js';
import { GENERIC } from '../clients/registry.js';

export type { Way };

/** Whether the daemon runs `entry`'s command when it comes `way` (`record`: whether it runs through hookd at all). */
export function runsBy(entry: HookEntry, way: Way): boolean {
  return kindRunsBy(entry.kind, way);
}

/** How many hooks hookd handles: every entry a record finds (bridge, sync and http), and how many of each kind. */
export interface HookCounts {
  all: number;
  byKind: Record<string, number>;
}

/**
 * The hooks of `entries` hookd handles, the one count `hookd status` shows per file and in total:
 * a sync entry counts, as the daemon records its runs, though the bridge runs it in line.
 */
export function countHooks(entries: readonly HookEntry[]): HookCounts {
  const byKind = Object.fromEntries(
    COUNTED_KINDS.map(({ kind }) => [kind, entries.filter((entry) => entry.kind === kind).length]),
  );
  return { all: entries.filter((entry) => runsBy(entry, 'record')).length, byKind };
}

/** The facts a run takes from the entries that name its command. */
export interface EntryFacts {
  /** The longest timeout when several files name the command. */
  timeoutMs: number;
  /** The variables the entry sets for its hook (Copilot CLI's and Qwen Code's `env`), if any. */
  env: Record<string, string> | undefined;
}

/** The timeout for a run of `entries` (the longest when several files name the command), or undefined. */
export function timeoutOf(entries: readonly HookEntry[]): number | undefined {
  return entries.length ? Math.max(...entries.map((entry) => entry.timeoutMs)) : undefined;
}

/** What a run of `entries` takes from them, or undefined when there are none. */
export function factsOf(entries: readonly HookEntry[]): EntryFacts | undefined {
  const timeoutMs = timeoutOf(entries);
  return timeoutMs === undefined ? undefined : { timeoutMs, env: entries.find((entry) => entry.env)?.env };
}

export interface DaemonHooks {
  /** How many hooks hookd handles (countHooks: bridge, sync and http entries). */
  readonly count: number;
  /** The hooks `event` runs for a payload, matchers applied, identical commands once. */
  forEvent(event: string, data: Record<string, unknown>): HookEntry[];
  /** The entries that name `command` for `event` when it comes `way` (a record by default); the sending client's first when it is known. */
  entriesFor(event: string, command: string, client?: ClientProfile, way?: Way): HookEntry[];
  /** The events for which some entry names `command` when it comes `way`. */
  eventsFor(command: string, way: Way): string[];
  /**
   * The one event whose bridge or http entries of `client` run `command`, if there is exactly one: the
   * event of a payload that does not name it, bridged by an entry written without `--event`.
   */
  onlyEventOf(command: string, client: ClientProfile | undefined): string | undefined;
  /** The one client whose entries run `command` on `event`, if there is exactly one: who sent a record whose client sets no variable of its own (Windsurf, Kiro CLI, Goose). */
  onlyClientOf(event: string, command: string): ClientProfile | undefined;
}

const key = (event: string, command: string) => `${event}\0${command}`;

/** Index the hooks of `config` the daemon runs. */
export function indexDaemonHooks(config: HookConfig): DaemonHooks {
  const onEvent: HookConfig = {
    shape: config.shape,
    entries: config.entries.filter((entry) => runsBy(entry, 'event')),
  };
  const byCommand = new Map<string, HookEntry[]>();
  for (const entry of config.entries.filter((entry) => runsBy(entry, 'record'))) {
    const list = byCommand.get(key(entry.event, entry.run)) ?? [];
    list.push(entry);
    byCommand.set(key(entry.event, entry.run), list);
  }
  const eventsOf = (command: string, way: Way, client?: ClientProfile) =>
    new Set(
      config.entries
        .filter((entry) => entry.run === command && runsBy(entry, way) && (!client || entry.client.id === client.id))
        .map((entry) => entry.event),
    );
  const entriesFor = (event: string, command: string, client?: ClientProfile, way: Way = 'record') => {
    const entries = (byCommand.get(key(event, command)) ?? []).filter((entry) => runsBy(entry, way));
    const own = client ? entries.filter((entry) => entry.client.id === client.id) : [];
    return own.length ? own : entries;
  };
  return {
    count: countHooks(config.entries).all,
    forEvent: (event, data) => selectHooks(onEvent, event, data),
    entriesFor,
    eventsFor: (command, way) => [...eventsOf(command, way)],
    onlyEventOf(command, client) {
      const events = eventsOf(command, 'event', client);
      return events.size === 1 ? [...events][0] : undefined;
    },
    onlyClientOf(event, command) {
      // A file of no known client (--settings elsewhere) names none.
      const clients = new Set(
        entriesFor(event, command)
          .map((entry) => entry.client)
          .filter((one) => one !== GENERIC),
      );
      return clients.size === 1 ? [...clients][0] : undefined;
    },
  };
}
