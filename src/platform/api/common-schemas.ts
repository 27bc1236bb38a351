// Building blocks shared by the platform API schemas: pagination, open enums, ids
// in paths and the `limit` query parameter. Requests are checked strictly at the edge. Answers are
// read tolerantly (read-answer.ts): they keep unknown fields (the API adds fields over time),
// accept enum values the spec does not list, and take `null` for any field the spec calls optional.
import { z } from 'zod';

/** A shape whose optional fields may also be `null`, as servers send "not set". */
export type NullishShape<S extends z.ZodRawShape> = {
  [K in keyof S]: S[K] extends z.ZodOptional<infer T extends z.ZodType> ? z.ZodOptional<z.ZodNullable<T>> : S[K];
};

/** `shape` with every optional field made nullish: the answer's side of a shape shared with a request. */
export function nullishShape<S extends z.ZodRawShape>(shape: S): NullishShape<S> {
  const entries = Object.entries(shape).map(([key, schema]) => [
    key,
    schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType).nullish() : schema,
  ]);
  return Object.fromEntries(entries) as NullishShape<S>;
}

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
  .refine(
    (value) => WHOLE.test(value) && Number(value) >= 1 && Number(value) <= 100,
    'expected a whole number from 1 to 100',
  );

/** `limit` of the readiness reports: a positive whole number, no upper bound in the spec. */
export const PositiveLimitSchema = z
  .string()
  .refine(
    (value) => WHOLE.test(value) && Number(value) >= 1 && Number.isSafeInteger(Number(value)),
    'expected a positive whole number',
  );

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

export type Pagination = z.infer<typeof PaginationSchema>;
