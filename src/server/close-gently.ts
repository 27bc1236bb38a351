// Stopping the loopback listener without dropping a request. Under socket activation the service
// manager keeps the listening socket: connections not yet accepted wait in its queue for the next
// daemon. But http.Server#close also destroys every connection whose request has not been read
// yet, and a connection accepted a moment ago is one of them: its client got a reset. Here the
// listener stops accepting first, the requests already sent are read and answered, and only then
// are the connections closed. A connection is closed early only once it has been answered and waits
// between requests (kept alive): one whose first request is still on its way (a client slowed by a
// loaded machine, past any fixed wait) is answered before the stop, up to its deadline.
import { stopAccepting } from './listen-both.js';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

const followed = new WeakMap<Server, Set<Socket>>();
// Connections with a request in progress, and those that have been answered at least once.
const busy = new WeakSet<Socket>();
const answered = new WeakSet<Socket>();

/** Follow `server`'s connections from its start, so that its stop can tell a kept-alive connection from one whose first request is still coming. */
export function followConnections(server: Server): void {
  const open = new Set<Socket>();
  followed.set(server, open);
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  server.on('request', (req, res) => {
    busy.add(req.socket);
    res.once('close', () => {
      busy.delete(req.socket);
      answered.add(req.socket);
    });
  });
}

// Close the connections that wait between requests; without followConnections, what Node calls idle.
function closeKeptAlive(server: Server): void {
  const open = followed.get(server);
  if (!open) return server.closeIdleConnections();
  for (const socket of open) if (answered.has(socket) && !busy.has(socket)) socket.destroy();
}

// A connection accepted just before the stop has its request in the kernel's buffer already: a
// few turns of the event loop read it. Connections idle longer than this are kept-alive ones.
const READ_PENDING_MS = 100;
const POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stop accepting, let the requests already sent finish (at most `withinMs`), then close the rest. */
export async function closeGently(server: Server, withinMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  // No new connections on either address, and the open ones left alone (http.Server's close would drop them).
  stopAccepting(server);
  await sleep(READ_PENDING_MS);
  const end = Date.now() + withinMs;
  let done = false;
  void closed.then(() => (done = true));
  // Kept-alive connections between requests are closed as they fall idle; the others finish first.
  while (!done && Date.now() < end) {
    closeKeptAlive(server);
    await sleep(POLL_MS);
  }
  server.closeAllConnections();
  await closed;
}
