// A loopback port free on both 127.0.0.1 and [::1] right now, for a test that must name its port
// (never the default one, which a user's own daemon holds).
import { createServer } from 'node:net';

function listenOnce(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      const chosen = (server.address() as { port: number }).port;
      server.close(() => resolve(chosen));
    });
  });
}

/** A port free on both loopback addresses (tried a few times: [::1] may hold the one 127.0.0.1 gave). */
export async function freePort(): Promise<number> {
  for (let tries = 0; ; tries++) {
    const port = await listenOnce('127.0.0.1', 0);
    const alsoFree = await listenOnce('::1', port).then(() => true, (error: NodeJS.ErrnoException) => error.code === 'EADDRNOTAVAIL');
    if (alsoFree || tries >= 20) return port;
  }
}
