// The daemon's proxy for hook scripts: three session routes forwarded to the platform API with
// the key added, so scripts never hold it. A request is checked first (400, nothing sent
// upstream); the upstream status and body come back unchanged; a network failure is 502, an
// upstream timeout 504, and no configured key 503, each in the platform's error shape.
import http from 'node:http';
import https from 'node:https';
import type { Logger } from '../common/logger.js';
import { describeError } from '../common/errors.js';
import { sendError, sendUpstream } from './proxy-answers.js';
import { checkBody, matchRoute, type Route } from './proxy-routes.js';
import { readBody, showSize } from '../common/read-body.js';
import { networkCode } from './retry-policy.js';
import { forwardRequest, type UpstreamAnswer } from './forward-request.js';

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

export interface Proxy {
  /** Answer `req` if it is an /api/ path and return true; return false for any other path. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean>;
  /** Drop the kept-alive upstream connections. */
  close(): void;
}

/** Create the proxy; mount `handle` in front of the daemon's own routes. */
export function createProxy(options: ProxyOptions): Proxy {
  const upstream = new URL(options.apiUrl);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const secure = upstream.protocol === 'https:';
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const log = options.logger.child({ component: 'proxy' });
  const basePath = upstream.pathname.replace(/\/+$/, '');

  async function forward(route: Route, method: string, body: Buffer | undefined, res: http.ServerResponse): Promise<number> {
    if (!options.apiKey) {
      const detail = options.keyProblem
        ? `the proxy is not configured: ${options.keyProblem}; fix it in the environment of hookd daemon and restart it`
        : 'the daemon has no API key: set HOOKD_API_KEY or HOOKD_API_KEY_FILE (a file only you can read) in the environment of hookd daemon and restart it';
      sendError(res, 503, detail);
      return 503;
    }
    let clientGone = false;
    const onCancel = (cancel: () => void) =>
      res.once('close', () => {
        if (!res.writableFinished) {
          clientGone = true;
          cancel();
        }
      });
    const request = { url: upstream, secure, agent, method, path: `${basePath}${route.upstreamPath}`, apiKey: options.apiKey, body, timeoutMs, onCancel };
    try {
      let answer: UpstreamAnswer;
      try {
        answer = await forwardRequest(request);
      } catch (error) {
        // A kept-alive connection the server closed while idle fails at once: a GET may go again.
        const code = networkCode(error);
        if (method !== 'GET' || clientGone || (code !== 'ECONNRESET' && code !== 'EPIPE')) throw error;
        answer = await forwardRequest(request);
      }
      sendUpstream(res, answer);
      return answer.status;
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        sendError(res, 504, `the platform API at ${upstream.origin} did not answer within ${timeoutMs / 1000}s; try again later`);
        return 504;
      }
      if (clientGone) return 499;
      const code = networkCode(error) ?? describeError(error);
      sendError(res, 502, `cannot reach the platform API at ${upstream.origin} (${code}); check the network and HOOKD_API_URL of the daemon`);
      return 502;
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://hookd');
    } catch {
      return false;
    }
    if (!url.pathname.startsWith('/api/')) return false;
    try {
      await serve(req, res, url);
    } catch (error) {
      // Not expected: every failure above has its own answer. Still, the caller's server must not hang.
      log.error({ problem: describeError(error) }, 'proxy error');
      if (!res.headersSent) sendError(res, 500, `hookd's proxy failed: ${describeError(error)}; see the daemon log`);
      else res.destroy();
    }
    return true;
  }

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const matched = matchRoute(method, url.pathname, url.searchParams);
    let status: number;
    if (!matched.ok) {
      req.resume();
      sendError(res, matched.status, matched.detail, matched.allow ? { allow: matched.allow } : {});
      status = matched.status;
    } else {
      const route = matched.route;
      let body: Buffer | undefined;
      status = 0;
      if (route.kind !== 'list-sessions') {
        const read = await readBody(req, route.maxBody);
        if (!read.ok) {
          status = read.reason === 'too-large' ? 413 : 499;
          if (status === 413) sendError(res, 413, `request body is over the ${showSize(route.maxBody)} limit of ${method} ${url.pathname}; send smaller attachments`, { connection: 'close' });
        } else {
          const checked = checkBody(route, read.body);
          if (!checked.ok) {
            sendError(res, 400, checked.detail);
            status = 400;
          }
          body = read.body;
        }
      } else {
        req.resume();
      }
      if (status === 0) status = await forward(route, method, body, res);
    }
    // Routine calls at debug; the proxy's own failures (no key, upstream down or slow) need attention.
    const line = { method, path: url.pathname, status, ms: Math.round(performance.now() - started) };
    if (status === 502 || status === 503 || status === 504) log.warn(line, 'proxied request failed');
    else log.debug(line, 'proxied request');
  }

  return { handle, close: () => agent.destroy() };
}
