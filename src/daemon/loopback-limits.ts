// The loopback TCP listener is open to every local user until the token check, so what one
// connection may hold is bounded before it is known: another user's thousands of idle connections
// once took the daemon's descriptors and stalled the unix-socket API and the inbox. Connections
// past the cap are closed as they arrive; one must send its headers, and its request, within a
// bound, and is closed when idle. A request that passes the token check lifts the idle bound (a
// stream of runs stays open as long as its reader wants): that is the token holder's business.
import type { Server, ServerOptions } from 'node:http';

/** The loopback listener's bounds. */
export const LOOPBACK_LIMITS = {
  /**
   * Open connections at once; more are closed at once. An agent sends a burst of events at a
   * session's end, one connection each (the hook endpoint), so not fewer; each must send its
   * request in time and the hook endpoint bounds what requests hold (request-gate.ts). Node raises
   * its descriptor limit to the hard limit at start, commonly far above this.
   */
  maxConnections: 1024,
  /** A connection idle this long (nothing sent either way) is closed, until a request passes the token check. */
  idleMs: 10_000,
  /** The headers of a request must arrive within this. */
  headersTimeoutMs: 5_000,
  /** A whole request (headers and body) must arrive within this. */
  requestTimeoutMs: 30_000,
  /** An idle keep-alive connection between requests is closed after this. */
  keepAliveMs: 5_000,
};

/** Options for createServer: the header and request bounds, checked every second (Node's default is every 30 s). */
export const LOOPBACK_SERVER_OPTIONS: ServerOptions = {
  headersTimeout: LOOPBACK_LIMITS.headersTimeoutMs,
  requestTimeout: LOOPBACK_LIMITS.requestTimeoutMs,
  keepAliveTimeout: LOOPBACK_LIMITS.keepAliveMs,
  connectionsCheckingInterval: 1_000,
};

/** Cap the connections of the loopback `server` and close idle ones (no 'timeout' listener: Node destroys them). */
export function boundLoopback(server: Server): Server {
  server.maxConnections = LOOPBACK_LIMITS.maxConnections;
  server.timeout = LOOPBACK_LIMITS.idleMs;
  return server;
}
