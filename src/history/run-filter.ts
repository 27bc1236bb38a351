// Which runs a listing wants: `hookd history`'s flags and GET /runs's parameters, parsed and
// checked in one place (the CLI checks them before asking, the daemon again for other callers).
import { OUTCOMES, type OutcomeName } from '../runs/outcome.js';
import type { HistoryEntry } from '../runs/history-line.js';
import { intParam, singleParam } from '../http/query.js';

/** What a listing keeps. `since` is ms since the epoch. */
export interface RunFilter {
  event?: string;
  outcome?: OutcomeName;
  session?: string;
  /** Part of the command line. */
  command?: string;
  since?: number;
  /** Also the doctor's probe runs (left out unless asked). */
  probes?: boolean;
}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `10m`, `2h`, `3d`, `30s` ago, or a date (`2024-05-01`, `2024-05-01T12:00:00Z`): ms since the epoch, or why not (naming it `name`: the parameter or the flag). */
export function parseSince(text: string, now = Date.now(), name = 'since'): number | string {
  const relative = /^(\d+)([smhd])$/.exec(text);
  if (relative) return now - Number(relative[1]) * (UNITS[relative[2] as string] as number);
  // Only ISO-like dates: Date.parse also takes "1" (the year 2001).
  const date = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)
    ? Date.parse(text)
    : Number.NaN;
  if (Number.isNaN(date))
    return `${name} must be a duration ago (30s, 10m, 2h, 3d) or a date (2024-05-01, 2024-05-01T12:00:00Z), got ${JSON.stringify(text)}`;
  return date;
}

/** The outcome named `text`, or why it is not one (listing the valid ones; naming it `name`: the parameter or the flag). */
export function parseOutcome(text: string, name = 'outcome'): OutcomeName | string {
  if (Object.hasOwn(OUTCOMES, text)) return text as OutcomeName;
  return `${name} must be one of ${Object.keys(OUTCOMES).join(', ')}; got ${JSON.stringify(text)}`;
}

/** GET /runs's parameters as a filter and a limit, or the first reason they are not valid (each given once; query.ts's rules). */
export function parseRunQuery(url: URL, now = Date.now()): { filter: RunFilter; limit: number } | string {
  const values: Partial<Record<'event' | 'session' | 'command' | 'outcome' | 'since' | 'probes', string>> = {};
  for (const name of ['event', 'session', 'command', 'outcome', 'since', 'probes'] as const) {
    const single = singleParam(url, name);
    if (!single.ok) return single.reason;
    if (single.value !== undefined) values[name] = single.value;
  }
  const filter: RunFilter = {};
  for (const name of ['event', 'session', 'command'] as const) if (values[name]) filter[name] = values[name];
  if (values.outcome !== undefined) {
    const parsed = parseOutcome(values.outcome);
    if (!Object.hasOwn(OUTCOMES, parsed)) return parsed;
    filter.outcome = parsed as OutcomeName;
  }
  if (values.since !== undefined) {
    const parsed = parseSince(values.since, now);
    if (typeof parsed === 'string') return parsed;
    filter.since = parsed;
  }
  const { probes } = values;
  if (probes !== undefined && probes !== '0' && probes !== '1')
    return `probes must be 0 or 1, got ${JSON.stringify(probes)}`;
  filter.probes = probes === '1';
  const limit = intParam(url, 'limit', { min: 1, max: MAX_LIMIT, fallback: DEFAULT_LIMIT });
  if (!limit.ok) return limit.reason;
  return { filter, limit: limit.value };
}

/** Whether `entry` passes `filter`. */
export function matches(entry: HistoryEntry, filter: RunFilter): boolean {
  if (entry.probe && !filter.probes) return false;
  if (filter.event !== undefined && entry.event !== filter.event) return false;
  if (filter.outcome !== undefined && entry.outcome !== filter.outcome) return false;
  if (filter.session !== undefined && entry.session !== filter.session) return false;
  if (filter.command !== undefined && !entry.command.includes(filter.command)) return false;
  if (filter.since !== undefined && !(Date.parse(entry.time) >= filter.since)) return false;
  return true;
}
