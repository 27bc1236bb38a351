// The one router of hookd's three HTTP servers (the daemon's local API, the proxy, the emulator):
// routes by method and path pattern (`/api/v0/sessions/:sessionId/messages`), prefix mounts, and
// the answers every server gives alike, in one place and in the platform's error shape: 404 for an
// unknown path, 405 with Allow for a known path and another method, 400 for a path parameter that
// is not valid percent-encoding, 500 for a handler that throws.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeError } from '../common/errors.js';
import { sendRefusal } from './answers.js';

/** What a handler is given: the request, its response and its parsed URL. */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
}

/** Decoded path parameters by name. */
export type Params = Record<string, string>;

/** Answers one request of its route. */
export type Handler<C extends Exchange> = (ctx: C, params: Params) => unknown;

/** Answers the paths under its prefix; resolving `false` leaves the request to the router (404/405). */
export type Mounted<C extends Exchange> = (ctx: C) => Promise<boolean | void> | boolean | void;

/** How a router words what it answers itself. */
export interface RouterOptions {
  /** The detail of a 404. */
  notFound(method: string, path: string): string;
  /** The detail of a 500 when a handler throws (and the place to log it). */
  failed?(error: unknown): string;
}

interface Route<C extends Exchange> {
  method: string;
  /** A literal segment, or the name of a parameter. */
  segments: ({ literal: string } | { param: string })[];
  handler: Handler<C>;
}

const DONE = Promise.resolve();

function compile(pattern: string): Route<Exchange>['segments'] {
  return pattern.split('/').map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part }));
}

/** The raw parameters of `parts` when they fit `segments`, else undefined. */
function fit(segments: Route<Exchange>['segments'], parts: string[]): Params | undefined {
  if (segments.length !== parts.length) return undefined;
  const raw: Params = {};
  for (let i = 0; i < parts.length; i += 1) {
    const segment = segments[i] as Route<Exchange>['segments'][number];
    const part = parts[i] as string;
    if ('literal' in segment) {
      if (segment.literal !== part) return undefined;
    } else raw[segment.param] = part;
  }
  return raw;
}

/** Routes and mounts of one server; `handle` answers every request, known or not. */
export class Router<C extends Exchange = Exchange> {
  private readonly routes: Route<C>[] = [];
  private readonly mounts: { prefix: string; handler: Mounted<C> }[] = [];

  constructor(private readonly options: RouterOptions) {}

  /** Answer `method pattern` with `handler`; `:name` segments become parameters. */
  route(method: string, pattern: string, handler: Handler<C>): this {
    this.routes.push({ method, segments: compile(pattern), handler });
    return this;
  }

  /** Hand every path that starts with `prefix` to `handler`; a longer prefix is asked first (an endpoint under another's path). */
  mount(prefix: string, handler: Mounted<C>): this {
    this.mounts.push({ prefix, handler });
    this.mounts.sort((a, b) => b.prefix.length - a.prefix.length);
    return this;
  }

  /** Answer one request; never rejects. */
  handle(ctx: C): Promise<void> {
    // Plain promises rather than async functions: this is the proxy's hot path, and every await
    // is one more turn of the microtask queue per request.
    try {
      const answered = this.dispatch(ctx);
      if (answered instanceof Promise) return answered.then(undefined, (error: unknown) => this.fail(ctx, error));
    } catch (error) {
      this.fail(ctx, error);
    }
    return DONE;
  }

  private fail(ctx: C, error: unknown): void {
    const detail = this.options.failed?.(error) ?? describeError(error);
    if (!ctx.res.headersSent) sendRefusal(ctx.res, 'EINTERNAL', detail);
    else ctx.res.destroy();
  }

  /** The route's answer (a promise when it answers later), or the mounts', 405 or 404. */
  private dispatch(ctx: C): unknown {
    const method = ctx.req.method ?? 'GET';
    const path = ctx.url.pathname;
    const parts = path.split('/');
    const allowed: string[] = [];
    for (const route of this.routes) {
      const raw = fit(route.segments, parts);
      if (!raw) continue;
      if (route.method !== method) {
        if (!allowed.includes(route.method)) allowed.push(route.method);
        continue;
      }
      const params: Params = {};
      for (const name in raw) {
        try {
          params[name] = decodeURIComponent(raw[name] as string);
        } catch {
          ctx.req.resume();
          return sendRefusal(
            ctx.res,
            'EREQUEST',
            `${name}: "${raw[name]}" is not a valid percent-encoded path segment`,
          );
        }
      }
      return route.handler(ctx, params);
    }
    return this.unrouted(ctx, method, path, allowed);
  }

  /** A path no route answers: the mounts under its prefix first, then 405 or 404. */
  private async unrouted(ctx: C, method: string, path: string, allowed: string[]): Promise<void> {
    for (const mount of this.mounts) {
      if (path.startsWith(mount.prefix) && (await mount.handler(ctx)) !== false) return;
    }
    ctx.req.resume();
    if (allowed.length > 0)
      return sendRefusal(ctx.res, 'EMETHOD', `${method} is not allowed on ${path}; use ${allowed.join(' or ')}`, {
        allow: allowed.join(', '),
      });
    sendRefusal(ctx.res, 'ENOT_FOUND', this.options.notFound(method, path));
  }
}
