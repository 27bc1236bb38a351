// The daemon's local API: HTTP over the unix socket, which only the user reaches. Its routes
// (routes.ts) go on the shared router of src/http/, which answers 404 and 405; platform routes
// (/api/...) are mounted there for the proxy. Errors use the platform's shape {status, title, detail}.
// The loopback TCP listener, which every local user reaches, serves only what needs TCP, behind the
// token: the mounts (the hook endpoint, the page) and the routes of LOOPBACK_ROUTES (issue 21: the
// same token on the same listener used to accept POST /events?command=ANY).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HookdError, fail } from '../common/errors.js';
import { errorBody, sendRefusal } from '../http/answers.js';
import { Router, type Exchange } from '../http/router.js';
import type { Fallback, LocalRoute, Mount, Routes } from '../http/parts.js';
import { claimSocket, type Claimed } from './socket-claim.js';
import { boundLoopback, LOOPBACK_SERVER_OPTIONS, trustConnection } from './loopback-limits.js';
import type { LocalToken } from './local-token.js';

export type { Fallback, LocalRoute, Mount, Routes } from '../http/parts.js';

// A mount that checks its own credentials (the live page) answers alone; its failure is a 500, as the router's are, never an unhandled rejection.
async function answerOwn(mount: Mount, exchange: Exchange): Promise<void> {
  try {
    await mount.handler(exchange);
  } catch (error) {
    if (exchange.res.headersSent) return void exchange.res.destroy();
    sendRefusal(
      exchange.res,
      'EINTERNAL',
      `the daemon failed on ${exchange.url.pathname}: ${(error as Error).message}; see the daemon log`,
    );
  }
}

/** The HTTP server of the local API: the daemon's routes, and `fallback` (the platform proxy) under /api/. */
function createApiServer(
  routes: Routes,
  fallback?: Fallback,
  token?: LocalToken,
  mounts: readonly Mount[] = [],
): Server {
  const router = new Router({
    notFound: (method, path) => `no route ${method} ${path}; see the local API in docs/local-api.md`,
  });
  for (const route of routes) router.route(route.method, route.path, route.handler);
  for (const mount of mounts) if (!mount.ownAuth) router.mount(mount.prefix, mount.handler);
  if (fallback) router.mount('/api/', ({ req, res }) => fallback(req, res));
  const server = createServer(token !== undefined ? LOOPBACK_SERVER_OPTIONS : {}, async (req, res) => {
    let url: URL;
    try {
      // Parsed as a path on a fixed base: a request target like `//:` is not a URL at all.
      url = new URL(`http://hookd${req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`}`);
    } catch {
      req.resume();
      return sendRefusal(res, 'EREQUEST', `not a valid request path: ${JSON.stringify(req.url)}`);
    }
    // Matched on the parsed path (`/dashboard/../runs` is /runs), and answered by the mount alone.
    const own = mounts.find((mount) => mount.ownAuth && url.pathname.startsWith(mount.prefix));
    if (own) return answerOwn(own, { req, res, url });
    // On loopback TCP any local user could connect: only holders of the token get in, and the
    // others' connections are closed with the answer (loopback-limits.ts bounds the rest).
    if (token !== undefined) {
      if (!token.matches(req.headers.authorization)) {
        req.resume();
        return sendRefusal(
          res,
          'EAUTH',
          'send Authorization: Bearer <token>, the token is in the local-token file of the state directory',
          { connection: 'close' },
        );
      }
      trustConnection(req.socket);
    }
    await router.handle({ req, res, url });
  });
  // Requests the HTTP parser refuses still get an answer in the platform's shape.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // As Node's own handler: answer only if nothing was written yet (no response already sent).
    if (!socket.writable || socket.bytesWritten > 0) return socket.destroy();
    const body = JSON.stringify(errorBody(400, `malformed HTTP request (${error.code ?? error.message})`));
    // Then closed, not left half-open: a peer that never reads (an idle flood) would hold it forever.
    socket.end(
      `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
  return server;
}

function listen(server: Server, where: string, start: (done: () => void) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(fail('ELISTEN', { where, reason: error.message }, { cause: error })),
    );
    start(resolve);
  });
}

/** The local API's socket, and the identity of the file it holds (to tell later whether it is still there). */
export interface LocalApi {
  server: Server;
  claimed: Claimed;
}

/**
 * Start the local API on `socketPath` (0600). A socket another daemon answers on is never taken
 * (two daemons of different state directories given one --socket used to steal it from each
 * other), and a path that is not a socket is never deleted.
 */
export async function startLocalApi(socketPath: string, routes: Routes, fallback?: Fallback): Promise<LocalApi> {
  const server = createApiServer(routes, fallback);
  const hint = socketPath.length > 100 ? ' (the path is too long for a unix socket; set --socket)' : '';
  const claimed = await claimSocket(server, socketPath, (found) => {
    if (found.state === 'live')
      return new HookdError(
        'ELOCKED',
        `another hookd daemon is serving ${socketPath}; stop it, or give this one another --socket`,
      );
    if (found.state === 'not-a-socket')
      return new HookdError(
        'ELOCKED',
        `${socketPath} exists and is not a socket; hookd replaces only a socket nobody serves: move that file, or give another --socket`,
      );
    return new HookdError(
      'ELOCKED',
      `${socketPath} is a socket hookd cannot reach (${found.code}); it is not replaced: remove it, or give another --socket`,
    );
  }).catch((error: unknown) => {
    if (error instanceof HookdError) throw error;
    throw fail('ELISTEN', { where: socketPath, reason: `${(error as Error).message}${hint}` }, { cause: error });
  });
  return { server, claimed };
}

/** The routes of the local API the loopback listener serves too: Prometheus scrapes over TCP. */
export const LOOPBACK_ROUTES: readonly string[] = ['GET /metrics'];

/** The loopback listener's server, not listening yet (loopback-addresses.ts puts it on its addresses): as startLoopbackApi's. */
export function createLoopbackApi(token: LocalToken, routes: Routes, mounts: readonly Mount[] = []): Server {
  const served = routes.filter((route) => LOOPBACK_ROUTES.includes(`${route.method} ${route.path}`));
  return boundLoopback(createApiServer(served, undefined, token, mounts));
}

/**
 * Start the loopback listener on `where` (a host and port, port 0 picking one; or a listening
 * socket `fd` a service manager passed), open only to requests carrying `token`: the routes of
 * LOOPBACK_ROUTES and the `mounts` (the hook endpoint at /hooks/v1/, the page).
 */
export async function startLoopbackApi(
  where: { host: string; port: number } | { fd: number },
  token: LocalToken,
  routes: Routes,
  mounts: readonly Mount[] = [],
): Promise<Server> {
  const server = createLoopbackApi(token, routes, mounts);
  const named =
    'fd' in where
      ? `the socket the service manager passed (fd ${where.fd})`
      : `${where.host.includes(':') ? `[${where.host}]` : where.host}:${where.port}`;
  await listen(server, named, (done) => server.listen(where, done));
  return server;
}
