// Building blocks shared by the platform API schemas: the error body, pagination, open enums and
// the `limit` query parameter. Requests are checked strictly at the edge; responses keep unknown
// fields (the API adds fields over time) and accept enum values the spec does not list.
import { z } from 'zod';

/** The error body of every `/api/v0` endpoint: `{status, title, detail, metadata?}`. */
export const ErrorBodySchema = z.looseObject({
  status: z.number().int(),
  title: z.string(),
  detail: z.string(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** A string that the spec gives known values for; other values are kept (values seen in the wild grow). */
export function openEnum(values: readonly [string, ...string[]]) {
  return z.string().meta({ examples: [...values], description: `known values: ${values.join(', ')}` });
}

/** `{hasMore, nextCursor}`: nextCursor is null or absent on the last page. */
export const PaginationSchema = z.looseObject({
  hasMore: z.boolean(),
  nextCursor: z.string().nullable().optional(),
});

const WHOLE = /^[0-9]+$/;

/** `limit` as it travels in a query string for sessions and enterprise history: "1" to "100". */
export const PageLimitSchema = z
  .string()
  .regex(WHOLE, 'expected a whole number from 1 to 100')
  .refine((value) => Number(value) >= 1 && Number(value) <= 100, 'expected a whole number from 1 to 100');

/** `limit` of the readiness reports: a positive whole number, no upper bound in the spec. */
export const PositiveLimitSchema = z
  .string()
  .regex(WHOLE, 'expected a positive whole number')
  .refine((value) => Number(value) >= 1 && Number.isSafeInteger(Number(value)), 'expected a positive whole number');

/** A non-empty opaque string (ids, cursors). */
export const IdSchema = z.string().min(1, 'expected a non-empty string');

/** Query parameters as received: one string per name (a repeated name is refused). */
export type Query = Record<string, string>;

/** A query string as a plain object, or the name given more than once. */
export function queryObject(params: URLSearchParams): { ok: true; value: Query } | { ok: false; repeated: string } {
  const value: Query = {};
  for (const [name, item] of params) {
    if (Object.hasOwn(value, name)) return { ok: false, repeated: name };
    value[name] = item;
  }
  return { ok: true, value };
}

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type Pagination = z.infer<typeof PaginationSchema>;
