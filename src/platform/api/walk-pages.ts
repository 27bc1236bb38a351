// Walking every page of a list, one page at a time, so a command can print each as it arrives.
// Sessions and the enterprise-control history follow `pagination.nextCursor` while `hasMore`;
// readiness reports have no last-page signal, so the next page starts after the last reportId until
// a page comes back empty (a short page does not end the walk: a server may cap its pages below the
// limit asked). A page that fails ends the walk with the position to resume from (WalkFailed);
// `hasMore: true` without a cursor ends it with a warning, and what was read stands.
import { HookdError } from '../../common/errors.js';
import type { FreeCode } from '../../common/error-catalogue.js';
import { safeLine } from './answer-text.js';
import type { ApiClient } from './api-client.js';
import * as E from './endpoints.js';
import type { Session } from './session-schemas.js';
import type { ControlChange, ReadinessReport } from './organization-schemas.js';

/** How a list pages. */
export interface PageRule {
  /** The list's field in each page (`sessions`); none for a list hookd does not know. */
  items?: string;
  /** The query parameter that asks for the next page. */
  param: 'cursor' | 'startAfter';
  /** For `startAfter`: the field of an item that names it. */
  id?: string;
}

/** The rules of the lists of the spec. */
export const PAGE_RULES = {
  listSessions: { items: 'sessions', param: 'cursor' },
  listControlChanges: { items: 'changes', param: 'cursor' },
  listReports: { items: 'reports', param: 'startAfter', id: 'reportId' },
} as const satisfies Record<string, PageRule>;

/** Page size used to walk the reports when none is given (the spec names no default). */
export const REPORTS_WALK_LIMIT = 50;

/** One page as it came, and the items of it not seen before. */
export interface Page {
  body: Buffer;
  value: unknown;
  items: unknown[];
}

/** A walk that stopped on a failed page: the error, and where to resume (undefined: start again). */
export class WalkFailed extends HookdError {
  constructor(
    readonly failure: HookdError,
    readonly resume: string | undefined,
    readonly pagesRead: number,
  ) {
    super(failure.code as FreeCode, failure.message, { cause: failure }); // the failure's own code and message, whatever made them
    this.name = 'WalkFailed';
  }
}

/** Fetches the page at a position (a cursor or a reportId; undefined for the first). */
export type FetchPage = (position: string | undefined) => Promise<{ body: Buffer; value: unknown }>;

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;

/** The items of a page (none when the field is missing or not a list: the reader has warned). */
function itemsOf(value: unknown, rule: PageRule): unknown[] {
  if (!rule.items) return [];
  const items = field(value, rule.items);
  return Array.isArray(items) ? items : [];
}

/** Where the next page is, or why there is none; `warn` says why a walk stops early. */
function nextCursor(value: unknown, what: string, pages: number, warn: (text: string) => void): string | undefined {
  const pagination = field(value, 'pagination');
  const hasMore = field(pagination, 'hasMore');
  const next = field(pagination, 'nextCursor');
  const cursor = typeof next === 'string' && next !== '' ? next : undefined;
  // A hasMore that drifted to another type is read from the cursor alone.
  const more = typeof hasMore === 'boolean' ? hasMore : cursor !== undefined;
  if (more && cursor === undefined)
    warn(
      `${what}: the API says more follow (hasMore: true) but gives no nextCursor: stopped after ${pages} page${pages === 1 ? '' : 's'}`,
    );
  return more ? cursor : undefined;
}

/** Every page of a list from `start`, each yielded as it arrives. */
export async function* walkPages(
  fetchPage: FetchPage,
  rule: PageRule,
  start: string | undefined,
  what: string,
  warn: (text: string) => void,
): AsyncGenerator<Page> {
  const seen = new Set<string>();
  let position = start;
  for (let pages = 0; ; pages += 1) {
    let page: { body: Buffer; value: unknown };
    try {
      page = await fetchPage(position);
    } catch (error) {
      if (pages === 0 || !(error instanceof HookdError)) throw error;
      throw new WalkFailed(error, position, pages);
    }
    if (rule.param === 'cursor') {
      yield { ...page, items: itemsOf(page.value, rule) };
      const next = nextCursor(page.value, what, pages + 1, warn);
      if (next === undefined) return;
      // A server that hands back a cursor it already gave would make this loop forever.
      if (seen.has(next))
        throw new WalkFailed(
          new HookdError(
            'EAPI_RESPONSE',
            `${what}: the API gave the cursor ${JSON.stringify(safeLine(next, 200))} twice; stopped`,
          ),
          undefined,
          pages + 1,
        );
      seen.add(next);
      position = next;
      continue;
    }
    // startAfter: a server that ignores it would hand back the same page forever; a repeat ends the walk.
    const all = itemsOf(page.value, rule);
    const idOf = (item: unknown) => {
      const id = field(item, rule.id ?? 'id');
      return typeof id === 'string' && id !== '' ? id : undefined;
    };
    // An item without an id cannot be told from one seen before: it is kept.
    const fresh = all.filter((item) => !seen.has(idOf(item) ?? ''));
    const last = all.length > 0 ? idOf(all.at(-1)) : undefined;
    yield { ...page, items: fresh };
    if (fresh.length === 0 || all.length === 0) return;
    if (last === undefined)
      return warn(
        `${what}: the last item of page ${pages + 1} has no ${rule.id}, so the page after it cannot be asked for: stopped`,
      );
    if (seen.has(last)) return;
    for (const item of fresh) seen.add(idOf(item) ?? '');
    position = last;
  }
}

/** Every session (optionally of one computer), page by page. */
export async function* walkSessions(
  client: ApiClient,
  query: { limit?: number | string; cursor?: string; computerId?: string } = {},
): AsyncGenerator<Session> {
  const fetch: FetchPage = (cursor) => client.read(E.listSessions, { query: { ...query, cursor } });
  for await (const page of walkPages(fetch, PAGE_RULES.listSessions, query.cursor, E.listSessions.name, (text) =>
    client.warn(text),
  ))
    yield* page.items as Session[];
}

/** Every enterprise-control change, newest revision first. */
export async function* walkControlChanges(
  client: ApiClient,
  query: { limit?: number | string; cursor?: string } = {},
): AsyncGenerator<ControlChange> {
  const fetch: FetchPage = (cursor) => client.read(E.listControlChanges, { query: { ...query, cursor } });
  for await (const page of walkPages(
    fetch,
    PAGE_RULES.listControlChanges,
    query.cursor,
    E.listControlChanges.name,
    (text) => client.warn(text),
  ))
    yield* page.items as ControlChange[];
}

/** Every readiness report, following `startAfter` until an empty page (or a page of reports already seen). */
export async function* walkReports(
  client: ApiClient,
  query: { repoId?: string; limit?: number | string; startAfter?: string } = {},
): AsyncGenerator<ReadinessReport> {
  const limit = query.limit ?? REPORTS_WALK_LIMIT;
  const fetch: FetchPage = (startAfter) => client.read(E.listReports, { query: { ...query, limit, startAfter } });
  for await (const page of walkPages(fetch, PAGE_RULES.listReports, query.startAfter, E.listReports.name, (text) =>
    client.warn(text),
  ))
    yield* page.items as ReadinessReport[];
}

/** Collect an async iterator into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
