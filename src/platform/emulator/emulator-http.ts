// What every emulator handler is given, the simulated runs it starts, and the opaque cursors of
// its paged lists. Handlers get the request already checked against its endpoint's schemas
// (emulator-routes.ts does that for every endpoint alike), so they only look up and change data.
import type { Exchange } from '../../http/router.js';
import { sendError } from '../../http/answers.js';
import type { Checked } from '../api/endpoint.js';
import type { ENDPOINTS, EndpointName } from '../api/endpoints.js';
import type { EmulatorData } from './emulator-data.js';

/** A request to the endpoint named `K`, checked against its schemas. */
export type Request<K extends EndpointName> = Checked<(typeof ENDPOINTS)[K]>;

/** What an emulator handler is given with each request. */
export interface EmulatorContext extends Exchange {
  /** The request body as received (read before routing). */
  body: Buffer;
  data: EmulatorData;
  /** How long a simulated run (agent turn, dependency install) takes, in ms. */
  runMs: number;
  /** The largest page a list answers, whatever limit was asked (a server's own cap); none when undefined. */
  maxPage: number | undefined;
  /** Answer the way production servers drift (drift.ts). */
  drift: boolean;
  /** Timers of simulated runs, cleared on close. */
  later(fn: () => void): void;
}

/** What the handler of one endpoint is given: the context, and how to send its success answer. */
export interface EndpointContext extends EmulatorContext {
  /** Send a success answer with the endpoint's status of success: as given, or drifted in drift mode. Errors go through sendError. */
  answer(value: unknown): void;
}

/** Simulated runs (agent turns, dependency installs) still going: each ends after `runMs`, or at once on `finish`. */
export class SimulatedRuns {
  private readonly runs = new Map<NodeJS.Timeout, () => void>();

  constructor(readonly runMs: number) {}

  /** Run `fn` when the run ends. */
  later(fn: () => void): void {
    const timer = setTimeout(() => {
      this.runs.delete(timer);
      fn();
    }, this.runMs);
    this.runs.set(timer, fn);
  }

  /** End every run now; returns how many ended. */
  finish(): number {
    const pending = [...this.runs];
    this.runs.clear();
    for (const [timer, fn] of pending) {
      clearTimeout(timer);
      fn();
    }
    return pending.length;
  }

  /** Drop every run without ending it (the emulator closes). */
  clear(): void {
    for (const timer of this.runs.keys()) clearTimeout(timer);
    this.runs.clear();
  }
}

/** How many items a page holds: the limit asked (20 by default), never more than the server's cap. */
export function pageSize(ctx: EmulatorContext, limit: string | undefined): number {
  return Math.min(Number(limit ?? 20), ctx.maxPage ?? Number.POSITIVE_INFINITY);
}

/** An opaque cursor for a key. */
export function encodeCursor(key: string): string {
  return Buffer.from(`c1:${key}`).toString('base64url');
}

/** The key of a cursor, or undefined if it is not one of ours. */
export function decodeCursor(cursor: string): string | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return text.startsWith('c1:') ? text.slice(3) : undefined;
}

/** One page of `items` after the item whose key the cursor names (400 when unknown). */
export function cursorPage<T>(
  ctx: EmulatorContext,
  items: T[],
  key: (item: T) => string,
  limit: number,
  cursor: string | undefined,
) {
  let start = 0;
  if (cursor !== undefined) {
    const after = decodeCursor(cursor);
    const index = after === undefined ? -1 : items.findIndex((item) => key(item) === after);
    if (index < 0) {
      sendError(ctx.res, 400, `query: cursor: "${cursor}" is not a cursor this API gave out; start again without it`);
      return undefined;
    }
    start = index + 1;
  }
  const page = items.slice(start, start + limit);
  const last = page.at(-1);
  const hasMore = start + limit < items.length;
  return { page, pagination: { hasMore, nextCursor: hasMore && last ? encodeCursor(key(last)) : null } };
}
