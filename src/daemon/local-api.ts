// The daemon's local API: HTTP over the unix socket (and, optionally, on loopback TCP behind a
// token). Its routes (routes.ts) go on the shared router of src/http/, which answers 404 and 405;
// platform routes (/api/...) are mounted there for the proxy. Errors use the platform's shape
// {status, title, detail}.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { chmodSync, unlinkSync } from 'node:fs';
import type { Socket } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { HookdError } from '../common/errors.js';
import { errorBody, sendError } from '../http/answers.js';
import { Router, type Exchange, type Handler } from '../http/router.js';

/** A handler of other routes (the platform proxy): resolves true when it answered. */
export type Fallback = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** One route of the local API: method, path and handler. */
export interface LocalRoute {
  method: string;
  path: string;
  handler: Handler<Exchange>;
}

/** The local API's own routes (see routes.ts). */
export type Routes = readonly LocalRoute[];

/** The HTTP server of the local API: the daemon's routes, and `fallback` (the platform proxy) under /api/. */
function createApiServer(routes: Routes, fallback?: Fallback, token?: string): Server {
  const router = new Router({ notFound: (method, path) => `no route ${method} ${path}; see the local API in the README` });
  for (const route of routes) router.route(route.method, route.path, route.handler);
  if (fallback) router.mount('/api/', ({ req, res }) => fallback(req, res));
  const server = createServer(async (req, res) => {
    // On loopback TCP any local user could connect: only holders of the token get in.
    if (token !== undefined && !tokenMatches(req.headers.authorization, token)) {
      return sendError(res, 401, 'send Authorization: Bearer <token>, the token is in the local-token file of the state directory');
    }
    let url: URL;
    try {
      // Parsed as a path on a fixed base: a request target like `//:` is not a URL at all.
      url = new URL(`http://hookd${req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`}`);
    } catch {
      return sendError(res, 400, `not a valid request path: ${JSON.stringify(req.url)}`);
    }
    await router.handle({ req, res, url });
  });
  // Requests the HTTP parser refuses still get an answer in the platform's shape.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // As Node's own handler: answer only if nothing was written yet (no response already sent).
    if (!socket.writable || socket.bytesWritten > 0) return socket.destroy();
    const body = JSON.stringify(errorBody(400, `malformed HTTP request (${error.code ?? error.message})`));
    socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
  });
  return server;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function listen(server: Server, where: string, start: (done: () => void) => void, hint = ''): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(new HookdError('ELISTEN', `cannot listen on ${where}: ${error.message}${hint}`, { cause: error })));
    start(resolve);
  });
}

/** Start the local API on `socketPath` (0600). The caller holds the daemon lock, so an existing socket is stale. */
export async function startLocalApi(socketPath: string, routes: Routes, fallback?: Fallback): Promise<Server> {
  const server = createApiServer(routes, fallback);
  try {
    unlinkSync(socketPath);
  } catch {
    // No stale socket.
  }
  const hint = socketPath.length > 100 ? ' (the path is too long for a unix socket; set --socket)' : '';
  await listen(server, socketPath, (done) => server.listen(socketPath, done), hint);
  chmodSync(socketPath, 0o600);
  return server;
}

/** Start the local API on 127.0.0.1:`port` (0 picks one), open only to requests carrying `token`. */
export async function startLoopbackApi(port: number, token: string, routes: Routes, fallback?: Fallback): Promise<Server> {
  const server = createApiServer(routes, fallback, token);
  await listen(server, `127.0.0.1:${port}`, (done) => server.listen(port, '127.0.0.1', done));
  return server;
}
