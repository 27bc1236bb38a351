// The loopback listener's header and request bounds, kept by a deadline per connection. Node keeps
// them by checking every connection on a timer (connectionsCheckingInterval), which runs whether
// or not anything is connected: at the 1 s this listener needs, an idle daemon woke every second
// (issue 24). Here a connection has a timer only while it owes a request: its headers are due
// within headersTimeoutMs of the connection (or, on a kept-alive connection, of the end of the
// previous answer plus the keep-alive time), the whole request within requestTimeoutMs. Past
// either, it gets Node's own answer, 408 and closed. Node's check stays on at its default period,
// as a backstop.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The bounds a connection's requests must keep. */
export interface RequestBounds {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveMs: number;
}

const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
const timers = new WeakMap<Socket, NodeJS.Timeout>();
// When the request a connection owes began to be due: the connection, or the end of the keep-alive time.
const dueSince = new WeakMap<Socket, number>();

function disarm(socket: Socket): void {
  clearTimeout(timers.get(socket));
  timers.delete(socket);
}

function arm(socket: Socket, ms: number, answered: () => boolean): void {
  disarm(socket);
  const timer = setTimeout(
    () => {
      // Judged only after the loop has read the sockets once more: timers run before the loop reads
      // them, so when the daemon itself stalled past the bound (a burst of posts, a loaded machine),
      // a request that came in time would still be waiting unread, and every deadline fire at once.
      setImmediate(() => {
        if (timers.get(socket) !== timer) return; // the request came meanwhile: re-armed or disarmed
        timers.delete(socket);
        if (socket.destroyed) return;
        if (answered()) return void socket.destroy();
        socket.end(TIMED_OUT, () => socket.destroy());
      });
    },
    Math.max(0, ms),
  );
  timer.unref();
  timers.set(socket, timer);
}

/** Hold every connection of `server` to `bounds`, with no timer while none owes a request. */
export function keepRequestDeadlines(server: Server, bounds: RequestBounds): void {
  const nothingSent = () => false;
  const expectRequest = (socket: Socket, graceMs: number) => {
    dueSince.set(socket, Date.now() + graceMs);
    arm(socket, graceMs + bounds.headersTimeoutMs, nothingSent);
  };
  server.on('connection', (socket: Socket) => {
    expectRequest(socket, 0);
    socket.once('close', () => disarm(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    // The headers are in; the rest of the request is due within the request bound.
    const elapsed = Date.now() - (dueSince.get(socket) ?? Date.now());
    arm(socket, bounds.requestTimeoutMs - Math.max(0, elapsed), () => res.headersSent);
    req.once('end', () => disarm(socket));
    res.once('finish', () => {
      if (!socket.destroyed) expectRequest(socket, bounds.keepAliveMs);
    });
  });
}
