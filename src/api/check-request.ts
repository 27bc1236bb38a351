// Validation that returns data: a request is checked against its schema once, at the edge, and
// the issues become one message per problem. The CLI turns them into a UsageError, the proxy and
// the emulator into a 400 in the platform's error shape.
import type { z } from 'zod';
import { formatIssues } from '../common/format-issues.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Check `input` against `schema`; `where` names it in each problem ("query", "request body"). */
export function checkRequest<S extends z.ZodType>(schema: S, input: unknown, where: string): Checked<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: formatIssues(result.error.issues, where) };
}

/** Parse JSON bytes, or say why they are not JSON. */
export function parseJson(text: string, where: string): Checked<unknown> {
  if (text.trim() === '') return { ok: false, problems: [`${where}: empty; expected a JSON object`] };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problems: [`${where}: not valid JSON: ${(error as Error).message}`] };
  }
}
