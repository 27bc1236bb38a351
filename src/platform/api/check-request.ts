// Validation that returns data: a request is checked against its endpoint's schemas once, at the
// edge, and the issues become one message per problem. The client checks what a caller gives it
// (a UsageError before anything is sent); the proxy and the emulator check what arrives over HTTP
// (a 400 in the platform's error shape).
import type { z } from 'zod';
import { formatIssues, formatPath } from '../../common/format-issues.js';
import type { Checked as CheckedCall, Endpoint } from './endpoint.js';

/** A checked value, or one message per problem. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/**
 * What a check does with a field its schema does not know. The command line refuses it and says
 * so (`refuse`); what arrives over HTTP (the proxy, the emulator) lets it through (`pass`): the API
 * adds fields between versions, and a hook may use one hookd has not heard of yet.
 */
export type UnknownFields = 'refuse' | 'pass';

type Issue = z.core.$ZodIssue;

/** `input` without the fields `issues` name as unknown (a copy; the input is left as it is). */
function withoutUnknown(input: unknown, issues: readonly Issue[]): unknown {
  const copy = structuredClone(input);
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    let at: unknown = copy;
    for (const key of issue.path) at = (at as Record<PropertyKey, unknown>)[key];
    for (const key of issue.keys) delete (at as Record<string, unknown>)[key];
  }
  return copy;
}

/** One message per problem (an unknown name once, as a name: zod would show the whole object); `basePath`: where the input sits in its file. */
function describe(issues: readonly Issue[], where: string, basePath: readonly PropertyKey[]): string[] {
  const noun = where === 'query' ? 'parameter' : 'field';
  return issues.flatMap((issue) => {
    if (issue.code !== 'unrecognized_keys') return formatIssues([issue], where, basePath);
    const at = formatPath([...basePath, ...issue.path]);
    return issue.keys.map((key) => `${where}: ${at ? `${at}: ` : ''}unknown ${noun} ${JSON.stringify(key)}`);
  });
}

/** Why the command line refuses what the proxy would let through. */
export const STRICT_NOTE =
  "the command line sends only the fields hookd knows (a hook can send newer ones through the daemon's proxy)";

/** Check `input` against `schema`; `where` names it in each problem ("query", "request body"), `basePath` where in it the input sits (`[3]`). */
export function checkRequest<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: string,
  unknown: UnknownFields = 'refuse',
  basePath: readonly PropertyKey[] = [],
): Checked<z.output<S>> {
  // reportInput: each message shows the bad value ("expected a number, got \"5\""), not "got nothing".
  let result = schema.safeParse(input, { reportInput: true });
  if (
    !result.success &&
    unknown === 'pass' &&
    result.error.issues.some((issue) => issue.code === 'unrecognized_keys')
  ) {
    result = schema.safeParse(withoutUnknown(input, result.error.issues), { reportInput: true });
  }
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: describe(result.error.issues, where, basePath) };
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

/**
 * A query string as a plain object (one string per name), or the problem of a name given twice.
 * `known` limits the refusal of repeats to the names hookd checks (the rest pass as they came).
 */
function queryObject(search: URLSearchParams, known?: ReadonlySet<string>): Checked<Record<string, string>> {
  const value: Record<string, string> = {};
  for (const [name, item] of search) {
    if (Object.hasOwn(value, name)) {
      if (!known || known.has(name)) return { ok: false, problems: [`query: ${name}: given more than once`] };
      continue;
    }
    value[name] = item;
  }
  return { ok: true, value };
}

/** The names an object schema knows (its shape's keys); empty for any other schema. */
function knownNames(schema: z.ZodType): ReadonlySet<string> {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return new Set(shape ? Object.keys(shape) : []);
}

/**
 * One part of a request checked against its schema, problems added to `problems`. An endpoint
 * without that part gets `absent`: `{}` for path parameters and query, undefined for a body (a
 * request without one is sent without one, spec 4.9).
 */
function part(
  schema: z.ZodType | undefined,
  input: unknown,
  where: string,
  problems: string[],
  absent: unknown,
  unknown: UnknownFields = 'refuse',
): unknown {
  if (!schema) return absent;
  const checked = checkRequest(schema, input, where, unknown);
  if (checked.ok) return checked.value;
  problems.push(...checked.problems);
  return undefined;
}

/** Whether a problem is an unknown field's. */
export function isUnknownField(problem: string): boolean {
  return problem.includes(': unknown field "');
}

/** A caller's request to `endpoint` (query values may be numbers), checked before it is sent. */
export function checkCall<E extends Endpoint>(
  endpoint: E,
  input: { params?: unknown; query?: Record<string, unknown>; body?: unknown },
): Checked<CheckedCall<E>> {
  const problems: string[] = [];
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.query ?? {})) if (value !== undefined) query[name] = String(value);
  const params = part(endpoint.params, input.params, endpoint.name, problems, {});
  const checkedQuery = part(endpoint.query, query, endpoint.name, problems, {});
  const body = part(endpoint.body, input.body, endpoint.name, problems, undefined);
  if (problems.some(isUnknownField)) problems.push(`${endpoint.name}: ${STRICT_NOTE}`);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { params, query: checkedQuery, body } as CheckedCall<E> };
}

/**
 * The path parameters and query of a request that arrived for `endpoint` (the body comes later).
 * With `unknown: 'pass'` (the proxy) a query parameter hookd does not know passes, as an unknown
 * body field does: the known ones are still checked, and still refused when given twice.
 */
export function checkHead<E extends Endpoint>(
  endpoint: E,
  params: Record<string, string>,
  search: URLSearchParams,
  unknown: UnknownFields = 'refuse',
): Checked<Omit<CheckedCall<E>, 'body'>> {
  const problems: string[] = [];
  const checkedParams = part(endpoint.params, params, 'path', problems, {});
  let query: unknown = {};
  if (endpoint.query) {
    const raw = queryObject(search, unknown === 'pass' ? knownNames(endpoint.query) : undefined);
    if (raw.ok) query = part(endpoint.query, raw.value, 'query', problems, {}, unknown);
    else problems.push(...raw.problems);
  } else if (search.size > 0 && unknown === 'refuse')
    problems.push(`query: ${endpoint.method} ${endpoint.path} takes no query parameters`);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { params: checkedParams, query } as Omit<CheckedCall<E>, 'body'> };
}

/**
 * The JSON body of a request that arrived for `endpoint`; an endpoint without a body ignores it.
 * Fields the schema does not know pass (they are checked by the API that knows them).
 */
export function checkBody<E extends Endpoint>(endpoint: E, bytes: Buffer): Checked<CheckedCall<E>['body']> {
  if (!endpoint.body) return { ok: true, value: undefined as CheckedCall<E>['body'] };
  const json = parseJson(bytes.toString('utf8'), 'request body');
  return (json.ok ? checkRequest(endpoint.body, json.value, 'request body', 'pass') : json) as Checked<
    CheckedCall<E>['body']
  >;
}
