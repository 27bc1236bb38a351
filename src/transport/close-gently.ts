// Stopping the loopback listener without dropping a request. Under socket activation the service
// manager keeps the listening socket: connections not yet accepted wait in its queue for the next
// daemon. But http.Server#close also destroys every connection whose request has not been read
// yet, and a connection accepted a moment ago is one of them: its client got a reset. Here the
// listener stops accepting first, the requests already sent are read and answered, and only then
// are the connections closed.
import { stopAccepting } from './listen-both.js';
import type { Server } from 'node:http';

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
    server.closeIdleConnections();
    await sleep(POLL_MS);
  }
  server.closeAllConnections();
  await closed;
}
