// The loopback listener holds its port on both loopback addresses while it runs. An entry that
// says `localhost` reaches ::1 first where localhost resolves there, and a port free on ::1 is a
// port another local user can bind, to receive every such hook and its token (issue 21). One HTTP
// server serves both: the second address is a plain net.Server that hands each connection to it,
// so one connection budget, one set of connections to close, one stop.
import { createServer, Server as NetServer, type Socket } from 'node:net';
import type { Server } from 'node:http';

// The second listener of each HTTP server, closed with it.
const seconds = new WeakMap<Server, NetServer>();

/** Hand the connections of a listening socket `where` (fd or host and port) to `server` too; rejects with the listen error. */
export function listenAlso(server: Server, where: { fd: number } | { host: string; port: number }): Promise<void> {
  const second = createServer((socket: Socket) => void server.emit('connection', socket));
  return new Promise((resolve, reject) => {
    // Kept after the listen: a later error (a failed accept) settles nothing, and crashes nothing.
    second.on('error', reject);
    second.listen(where, () => {
      // Tied to the server only once it listens: a listen tried again and again (loopback-addresses.ts) leaves nothing behind.
      seconds.set(server, second);
      server.once('close', () => second.close());
      resolve();
    });
  });
}

/** Stop accepting on both listeners of `server`, leaving open connections alone (net.Server's close, not http.Server's). */
export function stopAccepting(server: Server): void {
  NetServer.prototype.close.call(server);
  seconds.get(server)?.close();
}
