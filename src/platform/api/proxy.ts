// The daemon's proxy for hook scripts: the endpoints marked `proxy` in src/platform/api/endpoints.ts
// (listing and creating sessions, adding a message) forwarded to the platform API with the key
// added, so scripts never hold it (proxy-pass.ts checks and forwards one request). Any other
// /api/ path is answered by the router: 404, or 405 for a proxied path with another method.
import type http from 'node:http';
import type { Logger } from '../../common/logger.js';
import { describeError } from '../../common/errors.js';
import { Router } from '../../http/router.js';
import type { Endpoint } from './endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import { upstreamLink } from './forward-request.js';
import { passRequest, type Passage, type Upstream } from './proxy-pass.js';

/** Where the proxy forwards to, with which key, and how long it waits. */
export interface ProxyOptions {
  /** `{base_url}` of the platform API. */
  apiUrl: string;
  /** The bearer key; without one every proxied route answers 503. */
  apiKey: string | undefined;
  logger: Logger;
  /** How long the upstream has to answer, in ms (default 30 s). */
  timeoutMs?: number;
  /** Why no key is available (a refused key file), shown in the 503. */
  keyProblem?: string;
}

/** The proxy as the daemon mounts it. */
export interface Proxy {
  /** Answer `req` if it is an /api/ path and return true; return false for any other path. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean>;
  /** Drop the kept-alive upstream connections. */
  close(): void;
}

const NOT_MINE = Promise.resolve(false);
const PROXIED = Object.values<Endpoint>(ENDPOINTS).filter((endpoint) => endpoint.proxy);
const ROUTES_HELP = `hookd proxies ${PROXIED.map((endpoint) => `${endpoint.method} ${endpoint.path}`).join(', ')} only; use the hookd command line for the rest of the API`;

/** Create the proxy; mount `handle` in front of the daemon's own routes. */
export function createProxy(options: ProxyOptions): Proxy {
  const url = new URL(options.apiUrl);
  const upstream: Upstream = {
    link: upstreamLink(url),
    basePath: url.pathname.replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs ?? 30_000,
    apiKey: options.apiKey,
    ...(options.keyProblem ? { keyProblem: options.keyProblem } : {}),
  };
  const log = options.logger.child({ component: 'proxy' });
  const failed = (error: unknown) => {
    log.error({ problem: describeError(error) }, 'proxy error');
    return `hookd's proxy failed: ${describeError(error)}; see the daemon log`;
  };
  const router = new Router<Passage>({ notFound: (_method, path) => `${path} is not proxied: ${ROUTES_HELP}`, failed });
  for (const endpoint of PROXIED) {
    router.route(endpoint.method, endpoint.path, (passage, params) => passRequest(upstream, endpoint, passage, params));
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    let target: URL;
    try {
      target = new URL(req.url ?? '/', 'http://hookd');
    } catch {
      return NOT_MINE;
    }
    if (!target.pathname.startsWith('/api/')) return NOT_MINE;
    const started = performance.now();
    const passage: Passage = { req, res, url: target, status: 0 };
    return router.handle(passage).then(() => {
      // Routine calls at debug; the proxy's own failures (no key, upstream down or slow) need attention.
      const status = passage.status || res.statusCode;
      const line = { method: req.method, path: target.pathname, status, ms: Math.round(performance.now() - started) };
      if (status === 502 || status === 503 || status === 504) log.warn(line, 'proxied request failed');
      else log.debug(line, 'proxied request');
      return true;
    });
  }

  return { handle, close: () => upstream.link.agent.destroy() };
}
