// Socket activation (issue 14): under systemd-socket-activate, which holds 127.0.0.1:PORT and passes
// it as fd 3 with LISTEN_FDS and LISTEN_PID, as hookd.socket would, the daemon serves the hook
// endpoint on that socket, and a request made before the daemon is up waits in the kernel's queue
// instead of being refused.
import { afterEach, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { createServer } from 'node:net';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stopTestDaemons, stopPayload, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';
import { clientHeaders, rawRequest } from './hook-client.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('socket activation', () => {
  it('serves the hook endpoint on the socket the service manager passed; a request sent before the daemon starts is answered', async () => {
    const out = tempDir();
    const port = await freePort();
    const command = `cat > ${out}/$HOOKD_EVENT_ID.json`;
    // The settings name the port the service manager holds; the daemon itself is told no port.
    const daemon = testDaemon({ Stop: [{ hooks: [{ type: 'http', url: hookdUrl(port, 'Stop', command), headers: { Authorization: 'Bearer $HOOKD_TOKEN' }, allowedEnvVars: ['HOOKD_TOKEN'] }] }] });
    const { HOOKD_TCP_PORT: _, ...env } = daemon.env;
    // A token made beforehand, as the running service would have it.
    const token = 'a'.repeat(64);
    mkdirSync(daemon.stateDir, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(daemon.stateDir, 'local-token'), `${token}\n`, { mode: 0o600 });
    // Without --accept, systemd-socket-activate accepts nothing itself: it passes the listening socket as fd 3.
    const activator = execa('systemd-socket-activate', ['-l', `127.0.0.1:${port}`, '-E', 'HOOKD_STATE_DIR', '-E', 'HOOKD_SETTINGS', '-E', 'PATH', '-E', 'HOOKD_LOG_LEVEL', HOOKD, 'daemon'], { env, reject: false, all: true });
    let logs = '';
    activator.all?.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    try {
      await waitFor('systemd-socket-activate to listen', () => /Listening on/.test(logs), 10_000);
      // The first connection starts the daemon; the request waits in the socket's queue meanwhile.
      const payload = stopPayload();
      const answer = await rawRequest(port, { path: new URL(hookdUrl(port, 'Stop', command)).pathname + new URL(hookdUrl(port, 'Stop', command)).search, headers: clientHeaders(port, token, payload), body: payload });
      expect(answer, logs).toEqual({ status: 204, body: '' });
      await waitFor('the hook to run', () => readdirSync(out).length === 1);
      expect(logs).toMatch(/"activated":true/);
    } finally {
      activator.kill('SIGTERM');
      await activator;
    }
  });
});
