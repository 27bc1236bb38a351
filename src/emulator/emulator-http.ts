// What every emulator handler needs: the request context, JSON answers, errors in the platform's
// shape, checked queries and bodies, and opaque cursors.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { checkRequest, parseJson } from '../api/check-request.js';
import { queryObject } from '../api/common-schemas.js';
import type { EmulatorData } from './emulator-data.js';
import { sendError, sendJson } from '../common/http-answers.js';

export interface EmulatorContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Decoded path parameters, in order. */
  params: string[];
  /** The request body, for methods that carry one. */
  body: Buffer;
  data: EmulatorData;
  /** How long a simulated run (agent turn, dependency install) takes, in ms. */
  runMs: number;
  /** Timers of simulated runs, cleared on close. */
  later(fn: () => void): void;
}

export { sendJson, sendError };

/** The query checked against `schema`, or undefined after answering 400. */
export function checkedQuery<S extends z.ZodType>(ctx: EmulatorContext, schema: S): z.output<S> | undefined {
  const query = queryObject(ctx.url.searchParams);
  if (!query.ok) {
    sendError(ctx.res, 400, `query: ${query.repeated}: given more than once`);
    return undefined;
  }
  const checked = checkRequest(schema, query.value, 'query');
  if (checked.ok) return checked.value;
  sendError(ctx.res, 400, checked.problems.join('; '));
  return undefined;
}

/** The JSON body checked against `schema`, or undefined after answering 400. */
export function checkedBody<S extends z.ZodType>(ctx: EmulatorContext, schema: S): z.output<S> | undefined {
  const json = parseJson(ctx.body.toString('utf8'), 'request body');
  const checked = json.ok ? checkRequest(schema, json.value, 'request body') : json;
  if (checked.ok) return checked.value;
  sendError(ctx.res, 400, checked.problems.join('; '));
  return undefined;
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
export function cursorPage<T>(ctx: EmulatorContext, items: T[], key: (item: T) => string, limit: number, cursor: string | undefined) {
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
