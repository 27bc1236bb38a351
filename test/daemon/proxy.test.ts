// The daemon mounts the platform proxy: hook scripts reach sessions and messages through the
// socket (or the loopback port with its token) without ever holding the API key.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { emulator } from '../helpers/platform-api.js';
import { testDaemon, stopPayload, type TestDaemon, stopTestDaemons } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir, filesUnder } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

function tcpRequest(port: number, urlPath: string, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: urlPath, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('daemon with the platform proxy', () => {
  it('lets a hook script list sessions and post a message through the socket, and the key appears nowhere', async () => {
    const emu = await emulator();
    const out = tempDir();
    // A hook script as a user writes one: plain node, the socket from HOOKD_SOCKET, no key.
    const script = path.join(out, 'follow-up.mjs');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      script,
      `import http from 'node:http';
import { renameSync, writeFileSync } from 'node:fs';
const call = (method, p, body) => new Promise((resolve, reject) => {
  const req = http.request({ socketPath: process.env.HOOKD_SOCKET, method, path: p, headers: { host: 'hookd', 'content-type': 'application/json' } }, (res) => {
    let text = ''; res.on('data', (c) => (text += c)); res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
  });
  req.on('error', reject); req.end(body);
});
const list = await call('GET', '/api/v0/sessions?limit=2');
const id = list.body.sessions[0].sessionId;
const message = await call('POST', '/api/v0/sessions/' + encodeURIComponent(id) + '/messages', JSON.stringify({ text: 'follow-up from a hook' }));
// Under another name first: the test reads the file as soon as it is there.
writeFileSync(${JSON.stringify(path.join(out, '.result.json'))}, JSON.stringify({ list: list.status, message: message.status, messageBody: message.body, env: process.env }));
renameSync(${JSON.stringify(path.join(out, '.result.json'))}, ${JSON.stringify(path.join(out, 'result.json'))});
`,
    );
    const command = `node ${script}`;
    const daemon = testDaemon({ Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'` }] }] });
    Object.assign(daemon.env, { HOOKD_API_URL: emu.url, HOOKD_API_KEY: emu.key });
    await daemon.start();
    await daemon.emit(command, stopPayload());
    await waitFor('the hook to finish', () => existsSync(path.join(out, 'result.json')), 20_000);
    const result = JSON.parse(readFileSync(path.join(out, 'result.json'), 'utf8'));
    expect(result).toMatchObject({
      list: 200,
      message: 200,
      messageBody: { messageId: expect.any(String), status: expect.any(String) },
    });
    expect(JSON.stringify(result.env)).not.toContain(emu.key);

    // Only the three routes are forwarded; anything else under /api is refused locally.
    const other = await daemon.request('GET', '/api/v0/computers');
    expect(other.status).toBe(404);
    const bad = await daemon.request('POST', '/api/v0/sessions', '{"cwd": ""}');
    expect(bad.status).toBe(400);

    await daemon.stop();
    for (const file of filesUnder(daemon.stateDir)) expect(readFileSync(file, 'utf8'), file).not.toContain(emu.key);
    expect(daemon.logs()).not.toContain(emu.key);
  });

  it('answers 503 saying what to do when the daemon has no key', async () => {
    const daemon = testDaemon({});
    await daemon.start();
    const response = await daemon.request('GET', '/api/v0/sessions');
    expect(response).toMatchObject({
      status: 503,
      body: { status: 503, detail: expect.stringMatching(/HOOKD_API_KEY/) },
    });
  });

  it('serves the local API on a loopback port only to holders of the local token', async () => {
    const daemon = testDaemon({});
    await daemon.start(['--tcp-port', '0']);
    const port = await daemon.loopbackPort();
    expect(port).toBeGreaterThan(0);
    const tokenFile = path.join(daemon.stateDir, 'local-token');
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const token = readFileSync(tokenFile, 'utf8').trim();
    expect((await tcpRequest(port, '/metrics')).status).toBe(401);
    expect((await tcpRequest(port, '/metrics', 'wrong')).status).toBe(401);
    const ok = await tcpRequest(port, '/metrics', token);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('# HELP');
  });
});
