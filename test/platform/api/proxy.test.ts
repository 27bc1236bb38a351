// The proxy mounted on a real node:http server on a unix socket (as the daemon mounts it), in front
// of the emulator: requests are checked before anything goes upstream, answers pass unchanged,
// failures are 502/503/504 in the platform's shape, and the key shows up nowhere.
import http from 'node:http';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { proxyFromEnvironment } from '../../../src/platform/api/proxy-from-env.js';
import {
  captureLogger,
  emulator,
  proxyServer,
  socketRequest,
  tempDir,
  type Answer,
} from '../../helpers/platform-api.js';

const MIB = 1024 * 1024;

function expectPlatformError(answer: Answer, status: number, detail: RegExp): void {
  expect(answer.status).toBe(status);
  const body = answer.json();
  expect(body).toEqual({ status, title: expect.any(String), detail: expect.stringMatching(detail) });
}

async function setup(options: { timeoutMs?: number; noKey?: boolean } = {}) {
  const dir = tempDir();
  const emu = await emulator();
  const proxy = await proxyServer(dir, {
    apiUrl: emu.url,
    apiKey: options.noKey ? undefined : emu.key,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  const call = (method: string, pathAndQuery: string, body?: unknown) =>
    socketRequest(
      proxy.socket,
      method,
      pathAndQuery,
      body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    );
  const noKeyAnywhere = (...texts: string[]) => {
    for (const text of [...texts, proxy.logs()]) expect(text).not.toContain(emu.key);
  };
  return { dir, emu, proxy, call, noKeyAnywhere };
}

describe('the three proxied routes', () => {
  test('GET /api/v0/sessions comes back exactly as the API answers it', async () => {
    const { emu, call, noKeyAnywhere } = await setup();
    const proxied = await call('GET', '/api/v0/sessions?limit=3&computerId=cmp_002');
    const direct = await fetch(`${emu.url}/api/v0/sessions?limit=3&computerId=cmp_002`, {
      headers: { authorization: `Bearer ${emu.key}` },
    });
    expect(proxied.status).toBe(200);
    expect(proxied.text).toBe(await direct.text());
    expect(proxied.json().sessions).toHaveLength(3);
    expect(emu.hooks.requests[0]).toMatchObject({
      path: '/api/v0/sessions',
      query: '?limit=3&computerId=cmp_002',
      authorized: true,
    });
    noKeyAnywhere(proxied.text, JSON.stringify(proxied.headers));
  });

  test('walking three pages through the proxy with the cursor', async () => {
    const { call } = await setup();
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page += 1) {
      const answer = await call(
        'GET',
        `/api/v0/sessions?limit=15${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      const body = answer.json();
      seen.push(...body.sessions.map((s: { sessionId: string }) => s.sessionId));
      cursor = body.pagination.nextCursor;
    }
    expect(new Set(seen).size).toBe(45);
    expect(cursor).toBeNull();
  });

  test('POST /api/v0/sessions answers 201; a message answers running', async () => {
    const { call, noKeyAnywhere } = await setup();
    const created = await call('POST', '/api/v0/sessions', { computerId: 'cmp_001', cwd: '/repo' });
    expect(created.status).toBe(201);
    const id = created.json().sessionId;
    const message = await call('POST', `/api/v0/sessions/${id}/messages`, {
      text: 'go',
      images: [{ type: 'base64', data: 'iVBORw0KGgo=', mediaType: 'image/png' }],
    });
    expect(message.status).toBe(200);
    expect(message.json()).toEqual({ messageId: expect.any(String), status: 'running' });
    noKeyAnywhere(created.text, message.text);
  });

  test('path parameters are encoded on the way up', async () => {
    const { emu, call } = await setup();
    const answer = await call('POST', '/api/v0/sessions/a%20b%2Fc/messages', { text: 'hi' });
    expectPlatformError(answer, 404, /session a b\/c was not found/);
    expect(emu.hooks.requests.map((r) => r.path)).toEqual(['/api/v0/sessions/a%20b%2Fc/messages']);
  });

  test('upstream errors come back unchanged: 401, 429 with Retry-After, 500', async () => {
    const { emu, call } = await setup();
    emu.fault({ status: 429, retryAfter: '7', detail: 'slow down' });
    const limited = await call('GET', '/api/v0/sessions');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect(limited.json()).toEqual({ status: 429, title: 'Too Many Requests', detail: 'slow down' });
    emu.fault({ status: 500, detail: 'boom' });
    expectPlatformError(await call('POST', '/api/v0/sessions', { computerId: 'cmp_001' }), 500, /^boom$/);
    expect(emu.hooks.requests).toHaveLength(2);

    const dir = tempDir();
    const wrongKey = await proxyServer(dir, { apiUrl: emu.url, apiKey: 'not-the-key' });
    expectPlatformError(
      await socketRequest(wrongKey.socket, 'GET', '/api/v0/sessions'),
      401,
      /missing or invalid API key/,
    );
    expect(wrongKey.logs()).not.toContain('not-the-key');
  });
});

describe('requests refused before anything goes upstream', () => {
  const bad: [string, string, string, unknown, RegExp][] = [
    ['limit 0', 'GET', '/api/v0/sessions?limit=0', undefined, /query: limit: expected a whole number from 1 to 100/],
    ['limit 101', 'GET', '/api/v0/sessions?limit=101', undefined, /limit/],
    ['a repeated parameter', 'GET', '/api/v0/sessions?limit=1&limit=2', undefined, /limit: given more than once/],
    ['a body that is not JSON', 'POST', '/api/v0/sessions', '{nope', /request body: not valid JSON/],
    ['an empty body', 'POST', '/api/v0/sessions', '', /request body: empty/],
    ['no computerId', 'POST', '/api/v0/sessions', { cwd: '/x' }, /computerId/],
    [
      'a cwd over 4096 characters',
      'POST',
      '/api/v0/sessions',
      { computerId: 'c', cwd: 'x'.repeat(4097) },
      /cwd: expected 1 to 4096/,
    ],
    [
      'tokenUsage in the settings',
      'POST',
      '/api/v0/sessions',
      { computerId: 'c', sessionSettings: { tokenUsage: { inputTokens: 1 } } },
      /tokenUsage: is returned by the API only/,
    ],
    ['a message without text', 'POST', '/api/v0/sessions/ses_0001/messages', { images: [] }, /text/],
    [
      'a file that is not base64',
      'POST',
      '/api/v0/sessions/ses_0001/messages',
      { text: 'x', files: [{ type: 'base64', mediaType: 'text/plain', data: 'not base64!' }] },
      /files\[0\].data/,
    ],
    [
      'a session id with a control character',
      'POST',
      '/api/v0/sessions/a%0Ab/messages',
      { text: 'x' },
      /is not a session id/,
    ],
    [
      'bad percent-encoding',
      'POST',
      '/api/v0/sessions/%E0%A4%A/messages',
      { text: 'x' },
      /not a valid percent-encoded/,
    ],
  ];
  test.each(bad)('%s: 400', async (_name, method, target, body, detail) => {
    const { emu, call } = await setup();
    expectPlatformError(await call(method, target, body), 400, detail);
    expect(emu.hooks.requests).toEqual([]);
  });

  test('a request asked again is checked as the first time (the proxy keeps checked heads): refused again, or passed again; another query is checked afresh', async () => {
    const { emu, call } = await setup();
    for (let i = 0; i < 2; i += 1)
      expectPlatformError(await call('GET', '/api/v0/sessions?limit=0'), 400, /limit: expected a whole number/);
    expect(emu.hooks.requests).toEqual([]);
    for (let i = 0; i < 2; i += 1)
      expect((await call('GET', '/api/v0/sessions?limit=2')).json().sessions).toHaveLength(2);
    expectPlatformError(await call('GET', '/api/v0/sessions?limit=101'), 400, /limit/);
    expect(emu.hooks.requests.map((r) => r.query)).toEqual(['?limit=2', '?limit=2']);
  });

  test('an unknown query parameter is forwarded, as an unknown body field is; a known one is still checked', async () => {
    const { emu, call } = await setup();
    const answer = await call('GET', '/api/v0/sessions?limit=2&colour=red&colour=blue');
    // The emulator, like the API, refuses what it does not know: the point is that it got to decide.
    expectPlatformError(answer, 400, /colour/);
    expect(emu.hooks.requests.map((r) => r.query)).toEqual(['?limit=2&colour=red&colour=blue']);
    const posted = await call('POST', '/api/v0/sessions?dryRun=true', { computerId: 'cmp_001' });
    expect(emu.hooks.requests.at(-1)).toMatchObject({ method: 'POST', query: '?dryRun=true' });
    expect(posted.status).toBe(400);
    expectPlatformError(
      await call('GET', '/api/v0/sessions?limit=0&colour=red'),
      400,
      /limit: expected a whole number/,
    );
    expect(emu.hooks.requests).toHaveLength(2);
  });

  test('other /api/ paths are 404 and a wrong method 405, never forwarded; other paths are left to the daemon', async () => {
    const { emu, call } = await setup();
    expectPlatformError(await call('GET', '/api/v0/computers'), 404, /not proxied/);
    expectPlatformError(
      await call('PUT', '/api/v0/organization/usage/limits/users', { users: [] }),
      404,
      /not proxied/,
    );
    const wrong = await call('DELETE', '/api/v0/sessions');
    expectPlatformError(wrong, 405, /DELETE is not allowed/);
    expect(wrong.headers.allow).toBe('GET, POST');
    expectPlatformError(await call('GET', '/api/v0/sessions/ses_0001/messages'), 405, /use POST/);
    // URL parsing removes a dot-dot segment, encoded or not: what is left is not a proxied path.
    expectPlatformError(
      await call('POST', '/api/v0/sessions/%2E%2E/messages', { text: 'x' }),
      404,
      /\/api\/v0\/messages is not proxied/,
    );
    const daemon = await call('GET', '/health');
    expect([daemon.status, daemon.text]).toEqual([404, 'daemon route not found']);
    expect(emu.hooks.requests).toEqual([]);
  });

  test('bodies are capped: 1 MiB for a session, 25 MiB for a message (413)', async () => {
    const { emu, call } = await setup();
    const big = JSON.stringify({ computerId: 'cmp_001', cwd: 'x'.repeat(MIB) });
    expectPlatformError(await call('POST', '/api/v0/sessions', big), 413, /over the 1 MiB limit/);
    const image = Buffer.alloc(19 * MIB, 7).toString('base64');
    expectPlatformError(
      await call('POST', '/api/v0/sessions/ses_0001/messages', {
        text: 'x',
        images: [{ type: 'base64', data: image, mediaType: 'image/png' }],
      }),
      413,
      /over the 25 MiB limit/,
    );
    expect(emu.hooks.requests).toEqual([]);
    const fits = Buffer.alloc(18 * MIB, 7).toString('base64');
    const answer = await call('POST', '/api/v0/sessions/ses_0001/messages', {
      text: 'x',
      images: [{ type: 'base64', data: fits, mediaType: 'image/png' }],
    });
    expect(answer.status).toBe(200);
    expect(emu.hooks.requests).toHaveLength(1);
  });

  test('a body sent in chunks without a length is capped too', async () => {
    const { emu, proxy } = await setup();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          socketPath: proxy.socket,
          method: 'POST',
          path: '/api/v0/sessions',
          headers: { 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 5; i += 1) req.write(Buffer.alloc(300 * 1024, 32));
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(emu.hooks.requests).toEqual([]);
  });
});

describe('failures of the upstream and of the configuration', () => {
  test('no key configured: 503 saying what to set', async () => {
    const { emu, call } = await setup({ noKey: true });
    expectPlatformError(await call('GET', '/api/v0/sessions'), 503, /set HOOKD_API_KEY or HOOKD_API_KEY_FILE/);
    expect(emu.hooks.requests).toEqual([]);
  });

  test('upstream down: 502', async () => {
    const dir = tempDir();
    const emu = await emulator();
    const url = emu.url;
    await emu.close();
    const proxy = await proxyServer(dir, { apiUrl: url, apiKey: emu.key });
    expectPlatformError(
      await socketRequest(proxy.socket, 'GET', '/api/v0/sessions'),
      502,
      /cannot reach the platform API at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );
    expect(proxy.logs()).not.toContain(emu.key);
  });

  test('a dropped connection: a GET is sent once more, a POST is not (502)', async () => {
    const { emu, call } = await setup();
    emu.fault({ path: '/api/v0/sessions', method: 'GET', drop: true });
    expect((await call('GET', '/api/v0/sessions?limit=2')).status).toBe(200);
    expect(emu.hooks.requests).toHaveLength(2);
    emu.fault({ path: '/api/v0/sessions', method: 'POST', drop: true });
    expectPlatformError(await call('POST', '/api/v0/sessions', { computerId: 'cmp_001' }), 502, /ECONNRESET/);
    expect(emu.hooks.requests).toHaveLength(3);
  });

  test('upstream hanging: 504', async () => {
    const { emu, call, noKeyAnywhere } = await setup({ timeoutMs: 300 });
    emu.fault({ hang: true });
    const answer = await call('POST', '/api/v0/sessions', { computerId: 'cmp_001' });
    expectPlatformError(answer, 504, /did not answer within 0.3s/);
    expect(emu.hooks.requests).toHaveLength(1);
    noKeyAnywhere(answer.text);
  });

  test('from the environment: a key file others can read gives 503 with the reason, and the key is never logged', async () => {
    const dir = tempDir();
    const emu = await emulator();
    const file = path.join(dir, 'key');
    writeFileSync(file, emu.key);
    chmodSync(file, 0o644);
    const { logger, text } = captureLogger();
    const proxy = proxyFromEnvironment(logger, { HOOKD_API_URL: emu.url, HOOKD_API_KEY_FILE: file });
    const server = http.createServer((req, res) => void proxy.handle(req, res));
    const socket = path.join(dir, 'p.sock');
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      const answer = await socketRequest(socket, 'GET', '/api/v0/sessions');
      expectPlatformError(answer, 503, /readable by group or others .*chmod 600/);
      chmodSync(file, 0o600);
      const good = proxyFromEnvironment(logger, { HOOKD_API_URL: emu.url, HOOKD_API_KEY_FILE: file });
      server.removeAllListeners('request');
      server.on('request', (req, res) => void good.handle(req, res));
      expect((await socketRequest(socket, 'GET', '/api/v0/sessions?limit=1')).status).toBe(200);
      good.close();
      expect(text()).toContain('proxied request');
      expect(text()).not.toContain(emu.key);
    } finally {
      proxy.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
