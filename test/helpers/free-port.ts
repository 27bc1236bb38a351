// A loopback port nobody listens on at the moment of asking: tests never count on the user's fixed
// hook port (14653) being free, since a user's own daemon holds it.
import { createServer } from 'node:net';

/** A port free on 127.0.0.1 now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
