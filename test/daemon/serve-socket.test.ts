// The local API socket as a part of the daemon: it serves the routes of the parts started before
// it, and its stop removes the socket file only while it is still ours, before the server lets go.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { LocalSocket } from '../../src/daemon/serve-socket.js';
import { OpenConnections } from '../../src/daemon/open-connections.js';
import { Lifecycle } from '../../src/daemon/lifecycle.js';
import { sendJson } from '../../src/http/answers.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

function get(socketPath: string, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: urlPath }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function daemonOn(socket: string): Promise<Lifecycle> {
  const parts = new Lifecycle();
  const connections = await parts.start(new OpenConnections());
  await parts.start({
    routes: [{ method: 'GET', path: '/ping', handler: ({ res }) => sendJson(res, 200, { pong: true }) }],
  });
  await parts.start(new LocalSocket(socket, undefined, connections));
  return parts;
}

describe('the local API socket part', () => {
  it('serves the routes of the parts before it, and removes its socket file at stop', async () => {
    const socket = path.join(tempDir(), 'hookd.sock');
    const parts = await daemonOn(socket);
    expect(await get(socket, '/ping')).toEqual({ status: 200, body: '{"pong":true}' });
    await parts.stop();
    expect(existsSync(socket)).toBe(false);
  });

  it('leaves a file that replaced its socket in place', async () => {
    const dir = tempDir();
    const socket = path.join(dir, 'hookd.sock');
    const parts = await daemonOn(socket);
    renameSync(socket, path.join(dir, 'moved.sock'));
    writeFileSync(socket, 'someone else');
    await parts.stop();
    expect(existsSync(socket)).toBe(true);
  });
});
