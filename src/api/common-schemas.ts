// Building blocks shared by the platform API schemas: the error body, pagination, open enums, ids
// in paths and the `limit` query parameter. Requests are checked strictly at the edge; responses keep unknown
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

// One check per rule, so a bad value gets one message (a regex and a range check would each report it).
/** `limit` as it travels in a query string for sessions and enterprise history: "1" to "100". */
export const PageLimitSchema = z
  .string()
  .refine((value) => WHOLE.test(value) && Number(value) >= 1 && Number(value) <= 100, 'expected a whole number from 1 to 100');

/** `limit` of the readiness reports: a positive whole number, no upper bound in the spec. */
export const PositiveLimitSchema = z
  .string()
  .refine((value) => WHOLE.test(value) && Number(value) >= 1 && Number.isSafeInteger(Number(value)), 'expected a positive whole number');

/** A non-empty opaque string (ids, cursors). */
export const IdSchema = z.string().min(1, 'expected a non-empty string');

/**
 * An id that fills a path segment (a session, a computer). "." and ".." would change the path once
 * a server normalises it, and control characters have no place in one: both are refused.
 */
export function pathIdSchema(what: string) {
  return z
    .string()
    .min(1, `expected a non-empty ${what}`)
    .refine((id) => id !== '.' && id !== '..' && !/[\u0000-\u001f\u007f]/.test(id), `is not a ${what}`);
}

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type Pagination = z.infer<typeof PaginationSchema>;
