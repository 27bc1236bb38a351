// What each kind of entry of a client's file is to hookd, in one table, so that a transport's kind
// of entry is one row: which hooks post to one of hookd's endpoints (their hook type and the
// endpoint's path prefix: config.ts, schema.ts, read-hook.ts, install's routes), the ways the
// daemon runs its command (daemon-hooks.ts), its own warnings (lint.ts) and how `hookd doctor`
// counts it. The bridges' entries are told from plain commands by classify-command.ts; only an
// entry that posts is recognised by its row here.
// The whole of adding a transport that posts: its row here (the daemon mounts a hook endpoint for
// every row with a posting, daemon/daemon.ts); its entry in install/transports.ts with its plan
// (install/<name>-plan.ts). One with a protocol of its own adds its endpoint in transport/.
import { HOOK_PATH_PREFIX, parseHookdUrl, type HookdUrl } from './hookd-url.js';
import { httpHookWarnings } from './lint-http.js';
import type { HookEntry } from './config.js';

/**
 * An entry that posts the event to one of hookd's endpoints, `http://127.0.0.1:PORT<prefix><Event>?command=CMD`
 * (hookd-url.ts reads and writes it), which runs the command its URL names.
 */
export interface Posting {
  /** The hook type the client writes for it (`http`). */
  type: string;
  /** The endpoint's path prefix (`/hooks/v1/`); the longest that fits a URL wins. */
  prefix: string;
  /** The way its endpoint asks the daemon's hooks for the entries that let it run a command (one of the row's ways). */
  way: string;
}

interface KindRow {
  /**
   * The ways a command comes to the daemon by which it runs this kind's entries:
   * - `event`: on an event (the bridge's inbox record, or a post to an endpoint);
   * - `record`: a record names it, including the synchronous bridge's, which the client already ran
   *   in line and the daemon only records (so that the record finds its entry);
   * - an endpoint's own way (`http`): that endpoint was asked to run it, which only its kind lets.
   */
  ways: readonly string[];
  posting?: Posting;
  /** The kind's own warnings; `at` locates the entry. */
  warnings?: (entry: HookEntry, at: string) => string[];
  /** How `hookd doctor` counts the kind's entries (the first row always, the others when there are some). */
  counted?: string;
  /** Its name in `hookd status`'s split of a file's hooks (`2 hookd emit, 1 http`). */
  named?: string;
}

export const ENTRY_KINDS = {
  /** The client runs `hookd emit -- CMD`, the daemon runs CMD. */
  bridge: { ways: ['event', 'record'], counted: 'run through hookd emit', named: 'hookd emit' },
  /** The client runs `hookd sync -- CMD`, which runs CMD in line and hands back its answer. */
  sync: { ways: ['record'], counted: 'through hookd sync', named: 'hookd sync' },
  /** The client POSTs the event to hookd's hook endpoint; the daemon runs the URL's CMD. */
  http: {
    ways: ['event', 'record', 'http'],
    posting: { type: 'http', prefix: HOOK_PATH_PREFIX, way: 'http' },
    warnings: httpHookWarnings,
    counted: 'posted to the daemon over http',
    named: 'http',
  },
  /** The client runs it. */
  plain: { ways: [] },
  /** Not a command hookd runs (an http hook to another URL too). */
  other: { ways: [] },
} as const satisfies Record<string, KindRow>;

export type EntryKind = keyof typeof ENTRY_KINDS;

/** How a command comes to the daemon, which decides the entries that name it (KindRow.ways). */
export type Way = (typeof ENTRY_KINDS)[EntryKind]['ways'][number];

const ROWS = Object.entries(ENTRY_KINDS) as Array<[EntryKind, KindRow]>;
/**
 * The posting kinds with their rows' `posting`, the longest prefix first (so that an endpoint under
 * another's prefix is told apart): the daemon mounts a hook endpoint for each. A row's `way` is one
 * of its own `ways`, so it is a Way.
 */
export const POSTING = ROWS.flatMap(([kind, row]) =>
  row.posting ? [{ kind, posting: row.posting as Posting & { way: Way } }] : [],
).sort((a, b) => b.posting.prefix.length - a.posting.prefix.length);

/** Whether entries of `kind` post the event to one of hookd's endpoints (their row has `posting`): doctor checks who holds that port. */
export function posts(kind: EntryKind): boolean {
  return (ENTRY_KINDS[kind] as KindRow).posting !== undefined;
}

/** Whether the daemon runs an entry of `kind` when its command comes `way`. */
export function kindRunsBy(kind: EntryKind, way: Way): boolean {
  return (ENTRY_KINDS[kind] as KindRow).ways.includes(way);
}

/** Whether a hook of `type` may post to one of hookd's endpoints (its url and headers are read). */
export function postsWith(type: unknown): boolean {
  return POSTING.some(({ posting }) => posting.type === type);
}

/** The kind and URL parts of a hook of `type` posting to `url`, when it points at one of hookd's endpoints. */
export function postingOf(
  type: string,
  url: unknown,
): { kind: EntryKind; posting: Posting; hookd: HookdUrl } | undefined {
  if (typeof url !== 'string') return undefined;
  for (const { kind, posting } of POSTING) {
    const hookd = posting.type === type ? parseHookdUrl(url, posting.prefix) : undefined;
    if (hookd) return { kind, posting, hookd };
  }
  return undefined;
}

/** The warnings of `entry`'s own kind. */
export function kindWarnings(entry: HookEntry, at: string): string[] {
  return (ENTRY_KINDS[entry.kind] as KindRow).warnings?.(entry, at) ?? [];
}

/** The kinds `hookd doctor` and `hookd status` count, with how each says them, the first always said. */
export const COUNTED_KINDS = ROWS.flatMap(([kind, row]) =>
  row.counted ? [{ kind, counted: row.counted, named: row.named ?? kind }] : [],
);
