// What an endpoint of the platform API is, as data: method, host and path, the schemas of its path
// parameters, query, body and answer, the status of success, how to check a change whose answer
// was lost, and whether the daemon's proxy forwards it. The client, the commands, the proxy and the emulator all read this one description
// (src/platform/api/endpoints.ts) instead of restating it.
import type { z } from 'zod';

/** One endpoint of the platform API. */
export interface Endpoint {
  /** How messages (and the command that calls it) name it: `sessions list`. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** `{base_url}` of the versioned API, or `{app_url}` (the readiness reports). */
  host: 'api' | 'app';
  /** The path, with `:name` for each path parameter. */
  path: string;
  /** Where the path moved: the old one answers 308 there. */
  movedTo?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's schema: what the spec promises, read tolerantly (read-answer.ts). */
  answer: z.ZodType;
  /** The status the spec gives for success: the emulator answers it; to the client any 2xx is success. */
  status: number;
  /**
   * For a request that changes something: the command that shows whether it took effect, named when
   * its answer was lost (`:name` filled from the path parameters). A POST is never sent twice.
   */
  check?: string;
  /** The daemon's proxy forwards it, with this cap on a request body. */
  proxy?: { maxBody: number };
}

/** An endpoint with its exact types kept (the schemas' inputs and outputs). */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Part<E, K extends string, T> = E extends { [P in K]: z.ZodType } ? T : unknown;

/** Query values as a caller gives them: numbers are sent as their decimal text. */
export type QueryInput<S extends z.ZodType> = { [K in keyof z.input<S>]?: string | number | undefined };

/** What a caller gives to call `E`. */
export type Input<E extends Endpoint> = Part<E, 'params', { params: z.input<NonNullable<E['params']>> }> &
  Part<E, 'query', { query?: QueryInput<NonNullable<E['query']>> }> &
  Part<E, 'body', { body: z.input<NonNullable<E['body']>> }>;

/** A request to `E` once checked: path parameters, query and body as the schemas give them back. */
export interface Checked<E extends Endpoint> {
  params: E extends { params: z.ZodType } ? z.output<E['params']> : Record<string, never>;
  query: E extends { query: z.ZodType } ? z.output<E['query']> : Record<string, never>;
  body: E extends { body: z.ZodType } ? z.output<E['body']> : undefined;
}

/** The answer of `E` on success. */
export type Answer<E extends Endpoint> = z.output<E['answer']>;

/** `path` with its `:name` parameters filled in, each percent-encoded. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The command that shows whether a change was applied (`hookd api computers get :computerId`), its parameters filled in as given. */
export function fillCheck(endpoint: Pick<Endpoint, 'check'>, params: Record<string, string>): string | undefined {
  return endpoint.check?.replace(/:([A-Za-z]+)/g, (_match, name: string) => params[name] ?? name);
}
