// Validation that returns data: a request is checked against its endpoint's schemas once, at the
// edge, and the issues become one message per problem. The client checks what a caller gives it
// (a UsageError before anything is sent); the proxy and the emulator check what arrives over HTTP
// (a 400 in the platform's error shape).
import type { z } from 'zod';
import { formatIssues } from '../common/format-issues.js';
import type { Checked as CheckedCall, Endpoint } from './endpoint.js';

/** A checked value, or one message per problem. */
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

/** A query string as a plain object (one string per name), or the problem of a name given twice. */
function queryObject(search: URLSearchParams): Checked<Record<string, string>> {
  const value: Record<string, string> = {};
  for (const [name, item] of search) {
    if (Object.hasOwn(value, name)) return { ok: false, problems: [`query: ${name}: given more than once`] };
    value[name] = item;
  }
  return { ok: true, value };
}

/** One part of a request checked against its schema, problems added to `problems`; `absent` when the endpoint has none. */
function part(schema: z.ZodType | undefined, input: unknown, where: string, problems: string[], absent: unknown = {}): unknown {
  if (!schema) return absent;
  const checked = checkRequest(schema, input, where);
  if (checked.ok) return checked.value;
  problems.push(...checked.problems);
  return undefined;
}

/** A caller's request to `endpoint` (query values may be numbers), checked before it is sent. */
export function checkCall<E extends Endpoint>(endpoint: E, input: { params?: unknown; query?: Record<string, unknown>; body?: unknown }): Checked<CheckedCall<E>> {
  const problems: string[] = [];
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.query ?? {})) if (value !== undefined) query[name] = String(value);
  const params = part(endpoint.params, input.params, endpoint.name, problems);
  const checkedQuery = part(endpoint.query, query, endpoint.name, problems);
  const body = part(endpoint.body, input.body, endpoint.name, problems, undefined);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { params, query: checkedQuery, body } as CheckedCall<E> };
}

/** The path parameters and query of a request that arrived for `endpoint` (the body comes later). */
export function checkHead<E extends Endpoint>(endpoint: E, params: Record<string, string>, search: URLSearchParams): Checked<Omit<CheckedCall<E>, 'body'>> {
  const problems: string[] = [];
  const checkedParams = part(endpoint.params, params, 'path', problems);
  let query: unknown = {};
  if (endpoint.query) {
    const raw = queryObject(search);
    if (raw.ok) query = part(endpoint.query, raw.value, 'query', problems);
    else problems.push(...raw.problems);
  } else if (search.size > 0) problems.push(`query: ${endpoint.method} ${endpoint.path} takes no query parameters`);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { params: checkedParams, query } as Omit<CheckedCall<E>, 'body'> };
}

/** The JSON body of a request that arrived for `endpoint`; an endpoint without a body ignores it. */
export function checkBody<E extends Endpoint>(endpoint: E, bytes: Buffer): Checked<CheckedCall<E>['body']> {
  if (!endpoint.body) return { ok: true, value: undefined as CheckedCall<E>['body'] };
  const json = parseJson(bytes.toString('utf8'), 'request body');
  return (json.ok ? checkRequest(endpoint.body, json.value, 'request body') : json) as Checked<CheckedCall<E>['body']>;
}
