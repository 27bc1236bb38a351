// Reproduction of issue 22, item 1 and the request half of item 7: what hookd puts on the wire, as
// a real node:http server received it. No GET and no install-deps carries a body or a content type
// (some intermediaries refuse a GET with one); base64 as people write it goes out normalised; the
// user agent names hookd's version; --timeout bounds the wait.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ApiClient } from '../../../src/platform/api/api-client.js';
import { normalizeBase64 } from '../../../src/platform/api/base64.js';
import { ROOT, hookd, proxyServer, socketRequest, tempDir, emulator } from '../../helpers/platform-api.js';
import { json, recordingServer } from './recording-server.js';

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Every command of the API, with `{}` as every answer: each takes it (warning what is missing) and exits 0. */
const COMMANDS: string[][] = [
  ['api', 'sessions', 'list'],
  ['api', 'sessions', 'list', '--limit', '5', '--computer', 'cmp_001', '--all'],
  ['api', 'sessions', 'create', '--computer', 'cmp_001', '--cwd', '/srv'],
  ['api', 'sessions', 'message', 'ses_1', 'hi'],
  ['api', 'computers', 'list'],
  ['api', 'computers', 'get', 'cmp_001'],
  ['api', 'computers', 'update', 'cmp_001', '--name', 'box'],
  ['api', 'computers', 'install-deps', 'cmp_001'],
  ['api', 'reports', 'list', '--limit', '3'],
  ['api', 'reports', 'list', '--all'],
  ['api', 'controls', 'history'],
  ['api', 'controls', 'history', '--all'],
  ['api', 'limits', 'set', 'a@example.com=1'],
  ['api', 'GET', '/api/v0/computers'],
  ['api', 'POST', '/api/v0/computers/cmp_001/install-deps'],
];

describe('issue 22 item 1: requests as the spec says', () => {
  test('a GET and install-deps carry no body and no content type; the others carry JSON; every request names hookd and its version', async () => {
    const server = await recordingServer(() => json(200, {}));
    const env = { HOOKD_API_URL: server.url, HOOKD_API_KEY: 'k', HOME: tempDir() };
    for (const args of COMMANDS) {
      const result = await hookd(args, env);
      expect([args.join(' '), result.code]).toEqual([args.join(' '), 0]);
    }
    expect(server.received.length).toBeGreaterThanOrEqual(COMMANDS.length);
    for (const request of server.received) {
      const bodyless = request.method === 'GET' || request.path.endsWith('/install-deps');
      const shape = {
        method: request.method,
        path: request.path,
        bytes: request.body.length,
        type: request.headers['content-type'],
        chunked: request.headers['transfer-encoding'],
      };
      if (bodyless) expect(shape).toEqual({ ...shape, bytes: 0, type: undefined, chunked: undefined });
      else
        expect([shape.type, () => JSON.parse(request.body.toString())]).toEqual([
          'application/json',
          expect.any(Function),
        ]);
      expect(request.headers['user-agent']).toMatch(
        new RegExp(`^hookd/${VERSION.replace(/\./g, '\\.')} \\(node \\d+\\.\\d+\\.\\d+; \\w+\\)$`),
      );
      expect(request.headers.authorization).toBe('Bearer k');
    }
    // The readiness endpoint is on the app host, its old path: the server here answered it directly.
    expect(server.received.filter((r) => r.path.startsWith('/api/organization/maturity-level-reports'))).toHaveLength(
      2,
    );
  });

  test('the install-deps POST of the typed client has no body (content-length 0 at most)', async () => {
    const server = await recordingServer(() =>
      json(202, { id: 'cmp_001', name: 'n', providerType: 'byom', createdAt: 1 }),
    );
    await new ApiClient({ apiUrl: server.url, apiKey: 'k' }).installDeps('cmp_001');
    const [request] = server.received;
    expect([
      request?.method,
      request?.body.length,
      request?.headers['content-type'],
      request?.headers['content-length'] ?? '0',
    ]).toEqual(['POST', 0, undefined, '0']);
  });
});

describe('issue 22 item 7: base64 as people produce it', () => {
  const bytes = Buffer.from('a small picture, 35 bytes long ....');
  const standard = bytes.toString('base64');

  test('wrapped (GNU base64), unpadded and URL-safe base64 are the same bytes, sent in one form', async () => {
    const wrapped = standard.replace(/(.{16})/g, '$1\n');
    const unpadded = standard.replace(/=+$/, '');
    const urlSafe = Buffer.from([0xfb, 0xff, 0xfe, 0x01]).toString('base64url');
    expect([normalizeBase64(wrapped), normalizeBase64(unpadded), normalizeBase64(`  ${standard}\r\n`)]).toEqual([
      standard,
      standard,
      standard,
    ]);
    expect(normalizeBase64(urlSafe)).toBe(Buffer.from([0xfb, 0xff, 0xfe, 0x01]).toString('base64'));
    for (const bad of ['', '***', 'AAAAA', 'AA==AA', 'ab+c-d'])
      expect([bad, normalizeBase64(bad)]).toEqual([bad, undefined]);
    const server = await recordingServer(() => json(200, { messageId: 'm', status: 'running' }));
    await new ApiClient({ apiUrl: server.url, apiKey: 'k' }).addMessage('ses_1', {
      text: 'look',
      images: [{ type: 'base64', data: wrapped, mediaType: 'image/png' }],
      files: [{ type: 'base64', data: unpadded, mediaType: 'application/pdf' }],
    });
    const sent = JSON.parse(server.received[0]?.body.toString() ?? '{}');
    expect([sent.images[0].data, sent.files[0].data]).toEqual([standard, standard]);
  });

  test('the proxy takes GNU base64 output instead of refusing it', async () => {
    const emu = await emulator();
    const proxy = await proxyServer(tempDir(), { apiUrl: emu.url, apiKey: emu.key });
    const wrapped = Buffer.alloc(100, 7)
      .toString('base64')
      .replace(/(.{76})/g, '$1\n');
    const answer = await socketRequest(
      proxy.socket,
      'POST',
      '/api/v0/sessions/ses_0001/messages',
      JSON.stringify({ text: 'x', files: [{ type: 'base64', data: wrapped, mediaType: 'text/plain' }] }),
    );
    expect(answer.status).toBe(200);
  });
});

describe('issue 22 item 7: --timeout', () => {
  test('a server that drips its answer a byte a second is given up after --timeout, with the flag named', async () => {
    const server = await recordingServer(() => 'drip');
    const started = Date.now();
    const result = await hookd(['api', 'computers', 'list', '--timeout', '1'], {
      HOOKD_API_URL: server.url,
      HOOKD_API_KEY: 'k',
      HOME: tempDir(),
    });
    expect([result.code, result.stderr]).toEqual([
      1,
      expect.stringMatching(
        /^hookd: GET http:\/\/127\.0\.0\.1:\d+\/api\/v0\/computers: no answer within 1s \(--timeout\); try again later\n$/,
      ),
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
    const bad = await hookd(['api', 'computers', 'list', '--timeout', 'soon'], {
      HOOKD_API_URL: server.url,
      HOOKD_API_KEY: 'k',
      HOME: tempDir(),
    });
    expect([bad.code, bad.stderr]).toEqual([2, 'hookd: --timeout must be a positive number of seconds, got "soon"\n']);
  });
});
