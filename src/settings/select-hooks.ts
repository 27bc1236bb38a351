// Which configured hooks an event runs: entries of that event whose matcher accepts the payload
// (on the field the entry's client matches), identical commands once (as clients deduplicate them).
import { matcherMatches } from './matcher.js';
import type { HookConfig, HookEntry } from './config.js';

/** Why an entry's matcher passes over a payload: the field it applies to and the value the payload holds there. */
export interface MatcherMiss {
  entry: HookEntry;
  field: string;
  value: unknown;
}

// The miss of `entry` on `data`, or undefined when its matcher accepts the payload (or the client applies none to `event`).
function missOf(entry: HookEntry, event: string, data: Record<string, unknown>): MatcherMiss | undefined {
  const field = Object.hasOwn(entry.client.matchFields, event) ? entry.client.matchFields[event] : undefined;
  const value = data[field ?? ''];
  const aliases = typeof value === 'string' ? entry.client.tools?.aliases?.[value] : undefined;
  if (!field || matcherMatches(entry.matcher, value, entry.client.matcherRule, aliases)) return undefined;
  return { entry, field, value };
}

const runnable = (entry: HookEntry, event: string, kinds: ReadonlyArray<HookEntry['kind']> | undefined) =>
  entry.event === event && (kinds ? kinds.includes(entry.kind) : entry.kind !== 'other') && entry.run !== '';

/** The entries of `config` for `event` whose matcher passes over payload `data`, each with why (`hookd run` names them). */
export function matcherMisses(config: HookConfig, event: string, data: Record<string, unknown>): MatcherMiss[] {
  return config.entries.flatMap((entry) =>
    runnable(entry, event, undefined) ? (missOf(entry, event, data) ?? []) : [],
  );
}

/** The entries of `config` that run for `event` with payload `data`. `kinds` limits the kinds (by default every kind but `other`). */
export function selectHooks(
  config: HookConfig,
  event: string,
  data: Record<string, unknown>,
  kinds?: ReadonlyArray<HookEntry['kind']>,
): HookEntry[] {
  const seen = new Set<string>();
  const selected: HookEntry[] = [];
  for (const entry of config.entries) {
    if (!runnable(entry, event, kinds) || missOf(entry, event, data)) continue;
    if (seen.has(entry.run)) continue;
    seen.add(entry.run);
    selected.push(entry);
  }
  return selected;
}
