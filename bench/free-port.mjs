// A loopback port free on both 127.0.0.1 and [::1] right now, for a test or a benchmark that must
// name its port before the daemon starts (never the default one, which a user's own daemon holds).
// Plain JavaScript, so the benchmarks (run by node) and the tests (through free-port.d.mts) share it.
import { createServer } from 'node:net';

/** @param {string} host @param {number} port @returns {Promise<number>} */
function listenOnce(host, port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      const chosen = /** @type {{ port: number }} */ (server.address()).port;
      server.close(() => resolve(chosen));
    });
  });
}

/** A port free on both loopback addresses (tried a few times: [::1] may hold the one 127.0.0.1 gave). */
export async function freePort() {
  for (let tries = 0; ; tries++) {
    const port = await listenOnce('127.0.0.1', 0);
    const alsoFree = await listenOnce('::1', port).then(
      () => true,
      (/** @type {NodeJS.ErrnoException} */ error) => error.code === 'EADDRNOTAVAIL',
    );
    if (alsoFree || tries >= 20) return port;
  }
}
