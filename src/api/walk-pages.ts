// Async iterators that walk every page of a list. Sessions and the enterprise-control history
// follow `pagination.nextCursor` while `hasMore`; readiness reports have no last-page signal, so
// the next page starts after the last reportId until a page comes back empty. A short page does not
// end the walk: a server may cap its pages below the limit asked (the spec gives no upper bound).
import { HookdError } from '../common/errors.js';
import type { ApiClient } from './api-client.js';
import type { Session } from './session-schemas.js';
import type { ControlChange, ReadinessReport } from './organization-schemas.js';
import type { Pagination } from './common-schemas.js';

/** Page size used to walk the reports when none is given (the spec names no default). */
export const REPORTS_WALK_LIMIT = 50;

async function* walkCursor<T>(fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; pagination: Pagination }>, start: string | undefined, what: string): AsyncGenerator<T> {
  const seen = new Set<string>();
  let cursor = start;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.items;
    const next = page.pagination.nextCursor;
    if (!page.pagination.hasMore || !next) return;
    // A server that hands back a cursor it already gave would make this loop forever.
    if (seen.has(next)) throw new HookdError('EAPI_RESPONSE', `${what}: the API returned the cursor ${JSON.stringify(next)} twice; stopping`);
    seen.add(next);
    cursor = next;
  }
}

/** Every session (optionally of one computer), page by page. */
export function walkSessions(client: ApiClient, query: { limit?: number | string; cursor?: string; computerId?: string } = {}): AsyncGenerator<Session> {
  return walkCursor(
    async (cursor) => {
      const page = await client.listSessions({ ...query, cursor });
      return { items: page.sessions, pagination: page.pagination };
    },
    query.cursor,
    'sessions',
  );
}

/** Every enterprise-control change, newest revision first. */
export function walkControlChanges(client: ApiClient, query: { limit?: number | string; cursor?: string } = {}): AsyncGenerator<ControlChange> {
  return walkCursor(
    async (cursor) => {
      const page = await client.listControlChanges({ ...query, cursor });
      return { items: page.changes, pagination: page.pagination };
    },
    query.cursor,
    'enterprise-control history',
  );
}

/** Every readiness report, following `startAfter` until an empty page (or a page of reports already seen). */
export async function* walkReports(client: ApiClient, query: { repoId?: string; limit?: number | string; startAfter?: string } = {}): AsyncGenerator<ReadinessReport> {
  const limit = query.limit ?? REPORTS_WALK_LIMIT;
  let startAfter = query.startAfter;
  const seen = new Set<string>();
  for (;;) {
    const { reports } = await client.listReports({ ...query, limit, startAfter });
    // A server that ignores startAfter would hand back the same page forever: a repeat ends the walk.
    const fresh = reports.filter((report) => !seen.has(report.reportId));
    const last = reports.at(-1);
    if (fresh.length === 0 || !last || seen.has(last.reportId)) return yield* fresh;
    for (const report of fresh) seen.add(report.reportId);
    yield* fresh;
    startAfter = last.reportId;
  }
}

/** Collect an async iterator into an array. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
