// The loopback TCP listener is open to every local user until the token check, so what one
// connection may hold is bounded before it is known: another user's thousands of idle connections
// once took the daemon's descriptors and stalled the unix-socket API and the inbox. A connection
// must send its headers, and its request, within a bound, and is closed when idle. A request that
// passes the token check lifts the idle bound (a stream of runs stays open as long as its reader
// wants): that is the token holder's business.
//
// The connections not yet past the token check are capped, and at the cap the OLDEST of them is
// closed to make room, never the newcomer (issue 21): refusing newcomers let another user fill the
// slots with half-sent requests, and 215 of 221 hook posts, each on a new connection as Claude
// Code sends them, were reset. A hook post passes the check milliseconds after it connects, so a
// flood would have to open a cap's worth of connections within those milliseconds to push it out.
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { keepRequestDeadlines } from './request-deadlines.js';

/** The loopback listener's bounds. */
export const LOOPBACK_LIMITS = {
  /**
   * Connections not yet past the token check, at once; past it the oldest is closed. An agent sends
   * a burst of events at a session's end, one connection each, so not fewer. Node raises its
   * descriptor limit to the hard limit at start, commonly far above this.
   */
  maxWaiting: 1024,
  /** A connection idle this long (nothing sent either way) is closed, until a request passes the token check. */
  idleMs: 10_000,
  /** The headers of a request must arrive within this. */
  headersTimeoutMs: 5_000,
  /** A whole request (headers and body) must arrive within this. */
  requestTimeoutMs: 30_000,
  /** An idle keep-alive connection between requests is closed after this. */
  keepAliveMs: 5_000,
};

/**
 * Options for createServer: the header and request bounds, which Node checks every 30 s; each
 * connection's own deadline (request-deadlines.ts, armed by boundLoopback) keeps them to the millisecond.
 */
export const LOOPBACK_SERVER_OPTIONS: ServerOptions = {
  headersTimeout: LOOPBACK_LIMITS.headersTimeoutMs,
  requestTimeout: LOOPBACK_LIMITS.requestTimeoutMs,
  keepAliveTimeout: LOOPBACK_LIMITS.keepAliveMs,
};

// Each connection not yet trusted, and the set of its server's waiting connections (oldest first: a Set keeps insertion order).
const waitingIn = new WeakMap<Socket, Set<Socket>>();

/** Bound the waiting connections of the loopback `server` and close idle ones (no 'timeout' listener: Node destroys them). */
export function boundLoopback(server: Server, maxWaiting = LOOPBACK_LIMITS.maxWaiting): Server {
  server.timeout = LOOPBACK_LIMITS.idleMs;
  keepRequestDeadlines(server, LOOPBACK_LIMITS);
  const waiting = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    if (waiting.size >= maxWaiting) {
      const oldest = waiting.values().next().value as Socket;
      waiting.delete(oldest);
      oldest.destroy();
    }
    waiting.add(socket);
    waitingIn.set(socket, waiting);
    socket.once('close', () => waiting.delete(socket));
  });
  return server;
}

/** The request on `socket` passed its credential check: the connection is no longer one that may be pushed out, nor closed when idle. */
export function trustConnection(socket: Socket): void {
  waitingIn.get(socket)?.delete(socket);
  waitingIn.delete(socket);
  socket.setTimeout(0);
}
