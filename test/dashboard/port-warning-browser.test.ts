// The page says loudly, at its top, that the hook listener lacks an address (issue 29, 4): another
// process holding [::1]:PORT when the daemon starts answers the http hooks sent there. Chromium
// shows the warning while the address is held, and drops it once the daemon has taken it back.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { testDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { freePort } from '../../bench/free-port.mjs';
import { ARTIFACTS, browserTests } from './dashboard-helpers.js';

const chromium = browserTests();
const held: Server[] = [];
afterEach(() => {
  for (const server of held.splice(0)) server.close();
});

describe('the page when the hook listener lacks an address', () => {
  it('warns at the top while [::1]:PORT is another’s, and stops once the daemon took it back', async () => {
    const port = await freePort();
    const other = createServer();
    held.push(other);
    await new Promise<void>((resolve) => other.listen(port, '::1', resolve));
    const daemon = testDaemon({});
    daemon.env.HOOKD_TCP_PORT = String(port);
    daemon.env.HOOKD_PORT_RETRY_MS = '200';
    await daemon.start();
    await waitFor('the daemon to say what it lacks', () =>
      daemon.logs().includes(`the hook listener LACKS [::1]:${port}`),
    );

    const page = await chromium.open(daemon);
    const warning = page.locator('#port-warning');
    await warning.waitFor({ state: 'visible', timeout: 30_000 });
    await expect(warning.textContent()).resolves.toContain(`WARNING: the hook listener lacks [::1]:${port}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-port-warning.png') });

    await new Promise((resolve) => other.close(resolve));
    await waitFor('the daemon to take [::1] back', () => daemon.logs().includes(`took [::1]:${port} back`));
    // The page asks for the daemon's status every few seconds: the warning goes with the next answer.
    await warning.waitFor({ state: 'hidden', timeout: 30_000 });
  });
});
