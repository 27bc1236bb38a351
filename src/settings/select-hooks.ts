// Which configured hooks an event runs: entries of that event whose matcher accepts the payload
// (on the field the entry's client matches), identical commands once (as clients deduplicate them).
import { matcherMatches } from './matcher.js';
import type { HookConfig, HookEntry } from './config.js';

/** The entries of `config` that run for `event` with payload `data`. `kinds` limits the kinds (by default every kind but `other`). */
export function selectHooks(config: HookConfig, event: string, data: Record<string, unknown>, kinds?: ReadonlyArray<HookEntry['kind']>): HookEntry[] {
  const seen = new Set<string>();
  const selected: HookEntry[] = [];
  for (const entry of config.entries) {
    if (entry.event !== event || !(kinds ? kinds.includes(entry.kind) : entry.kind !== 'other') || entry.run === '') continue;
    const field = Object.hasOwn(entry.client.matchFields, event) ? entry.client.matchFields[event] : undefined;
    if (field && !matcherMatches(entry.matcher, data[field], entry.client.matcherRule)) continue;
    if (seen.has(entry.run)) continue;
    seen.add(entry.run);
    selected.push(entry);
  }
  return selected;
}
