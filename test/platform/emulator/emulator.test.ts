// The emulator on its own, spoken to with plain fetch: authentication, the readiness redirect, its
// own validation (400s in the platform's shape, for clients that do not check first), state
// changes, seeding from a file, and the test-only routes over HTTP.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import { startEmulator } from '../../../src/platform/emulator/start-emulator.js';
import { generateData } from '../../../src/platform/emulator/generate-data.js';
import { emulator, makeKey, tempDir, type TestEmulator } from '../../helpers/platform-api.js';

// Answers read as JSON are loosely typed: the tests look at a few fields.
type Json = any;

function api(emu: TestEmulator, method: string, target: string, body?: unknown, key: string | null = emu.key) {
  return fetch(`${emu.url}${target}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const ENDPOINTS: [string, string][] = [
  ['GET', '/api/v0/sessions'],
  ['POST', '/api/v0/sessions'],
  ['POST', '/api/v0/sessions/ses_0001/messages'],
  ['GET', '/api/v0/computers'],
  ['GET', '/api/v0/computers/cmp_001'],
  ['PATCH', '/api/v0/computers/cmp_001'],
  ['POST', '/api/v0/computers/cmp_001/install-deps'],
  ['GET', '/api/v0/organization/enterprise-controls/history'],
  ['PUT', '/api/v0/organization/usage/limits/users'],
  ['GET', '/api/organization/agent-readiness-reports'],
];

describe('the emulator', () => {
  test('every endpoint answers 401 in the platform shape without a valid key', async () => {
    const emu = await emulator();
    for (const [method, target] of ENDPOINTS) {
      for (const key of [null, 'wrong-key']) {
        const response = await api(emu, method, target, method === 'GET' ? undefined : {}, key);
        expect([method, target, response.status]).toEqual([method, target, 401]);
        expect(await response.json()).toEqual({
          status: 401,
          title: 'Unauthorized',
          detail: expect.stringContaining('API key'),
        });
      }
    }
  });

  test('the old readiness path answers 308 to the new one, keeping the query', async () => {
    const emu = await emulator();
    const response = await api(emu, 'GET', '/api/organization/maturity-level-reports?limit=2&repoId=repo-api');
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/api/organization/agent-readiness-reports?limit=2&repoId=repo-api');
  });

  test('its own validation: 400 in the platform shape', async () => {
    const emu = await emulator();
    const cases: [string, string, unknown, RegExp][] = [
      ['GET', '/api/v0/sessions?limit=0', undefined, /limit/],
      ['GET', '/api/v0/sessions?cursor=bogus', undefined, /cursor/],
      ['GET', '/api/organization/agent-readiness-reports?limit=-1', undefined, /limit/],
      ['GET', '/api/organization/agent-readiness-reports?startAfter=nope', undefined, /startAfter/],
      ['GET', '/api/v0/organization/enterprise-controls/history?limit=500', undefined, /limit/],
      ['POST', '/api/v0/sessions', { computerId: 'cmp_001', cwd: '' }, /cwd/],
      ['POST', '/api/v0/sessions', '{', /not valid JSON/],
      ['POST', '/api/v0/sessions/ses_0001/messages', { text: 5 }, /text/],
      ['PATCH', '/api/v0/computers/cmp_004', { hostId: 'x' }, /hostId/],
      ['PATCH', '/api/v0/computers/cmp_004', { remoteUser: '' }, /remoteUser/],
      ['PUT', '/api/v0/organization/usage/limits/users', { users: [] }, /users/],
      ['PUT', '/api/v0/organization/usage/limits/users', { users: [{ email: 'a@example.com' }] }, /limit/],
    ];
    for (const [method, target, body, detail] of cases) {
      const response = await api(emu, method, target, body);
      const json = await response.json();
      expect([target, response.status]).toEqual([target, 400]);
      expect(json).toEqual({ status: 400, title: 'Bad Request', detail: expect.stringMatching(detail) });
    }
  });

  test('unknown paths 404, wrong methods 405, unknown resources 404', async () => {
    const emu = await emulator();
    expect((await api(emu, 'GET', '/api/v0/nothing')).status).toBe(404);
    const wrong = await api(emu, 'DELETE', '/api/v0/computers/cmp_001');
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'GET, PATCH']);
    expect(await (await api(emu, 'GET', '/api/v0/computers/cmp_999')).json()).toMatchObject({
      status: 404,
      detail: expect.stringContaining('cmp_999'),
    });
    expect((await api(emu, 'POST', '/api/v0/sessions', { computerId: 'cmp_999' })).status).toBe(404);
  });

  test('hostId: only on a computer without one, and unique (409)', async () => {
    const emu = await emulator();
    const taken = emu.data.computers.find((c) => c.id === 'cmp_001')?.hostId;
    expect(
      (await api(emu, 'PATCH', '/api/v0/computers/cmp_001', { hostId: '0f8fad5b-d9cb-469f-a165-70867728950e' })).status,
    ).toBe(409);
    const duplicate = await api(emu, 'PATCH', '/api/v0/computers/cmp_004', { hostId: taken });
    expect(await duplicate.json()).toMatchObject({ status: 409, detail: expect.stringContaining('must be unique') });
  });

  test('install-deps: 202 and provisioning, 409 while it runs, active when it ends', async () => {
    const emu = await emulator();
    const started = await api(emu, 'POST', '/api/v0/computers/cmp_003/install-deps');
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ id: 'cmp_003', status: 'provisioning' });
    expect((await api(emu, 'POST', '/api/v0/computers/cmp_003/install-deps')).status).toBe(409);
    const finished: Json = await (await api(emu, 'POST', '/__emulator/finish-runs')).json();
    expect(finished).toEqual({ finished: 1 });
    const after: Json = await (await api(emu, 'GET', '/api/v0/computers/cmp_003')).json();
    expect(after.status).toBe('active');
    expect(after.provisioningSteps[0]).toMatchObject({ status: 'completed', installSessionId: expect.any(String) });
    expect((await api(emu, 'POST', '/api/v0/computers/cmp_003/install-deps')).status).toBe(202);
  });

  test('a message makes a session running, a second one pending, and idle when the turn ends', async () => {
    const emu = await emulator();
    const first: Json = await (await api(emu, 'POST', '/api/v0/sessions/ses_0003/messages', { text: 'one' })).json();
    const second: Json = await (await api(emu, 'POST', '/api/v0/sessions/ses_0003/messages', { text: 'two' })).json();
    expect([first.status, second.status]).toEqual(['running', 'pending']);
    emu.finishRuns();
    const page: Json = await (await api(emu, 'GET', '/api/v0/sessions?computerId=cmp_003&limit=100')).json();
    expect(page.sessions.find((s: { sessionId: string }) => s.sessionId === 'ses_0003')).toMatchObject({
      status: 'idle',
      messageCount: 4 + 2 + 2,
    });
  });

  test('seeded from a data file; a bad data file is refused with located errors', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'data.json');
    const data = generateData();
    writeFileSync(
      file,
      JSON.stringify({ computers: data.computers.slice(0, 1), sessions: [], memberDomain: 'acme.test' }),
    );
    const key = makeKey();
    const emu = await startEmulator({ key, data: file });
    try {
      const headers = { authorization: `Bearer ${key}` };
      expect(((await (await fetch(`${emu.url}/api/v0/computers`, { headers })).json()) as Json).computers).toHaveLength(
        1,
      );
      expect(await (await fetch(`${emu.url}/api/v0/sessions`, { headers })).json()).toEqual({
        sessions: [],
        pagination: { hasMore: false, nextCursor: null },
      });
      const limits = await fetch(`${emu.url}/api/v0/organization/usage/limits/users`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          users: [
            { email: 'a@acme.test', limit: 3 },
            { email: 'a@example.com', limit: 3 },
          ],
        }),
      });
      expect(await limits.json()).toEqual({
        updated: [{ email: 'a@acme.test', limit: 3 }],
        errors: [{ email: 'a@example.com', error: expect.any(String) }],
      });
    } finally {
      await emu.close();
    }
    writeFileSync(file, JSON.stringify({ computers: [{ id: 'x' }] }));
    await expect(startEmulator({ key, data: file })).rejects.toThrow(
      `${file}: computers[0].name: expected a string, got nothing`,
    );
  });

  test('a body over 30 MiB: 413, and the connection closed without reading the rest', async () => {
    const emu = await emulator();
    const { hostname, port } = new URL(emu.url);
    const socket = connect(Number(port), hostname);
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    // The head and a first part of the body in one write; the other 31 MiB are never sent: only a
    // server that closes the connection (rather than wait for them) lets 'close' come.
    const head = `POST /api/v0/computers HTTP/1.1\r\nhost: ${emu.url.slice(7)}\r\nauthorization: Bearer ${emu.key}\r\ncontent-type: application/json\r\ncontent-length: ${31 * 1024 * 1024}\r\n\r\n`;
    socket.write(Buffer.concat([Buffer.from(head), Buffer.alloc(64 * 1024, 32)]));
    const closed = await new Promise<boolean>((resolve) => {
      socket.on('close', () => resolve(true));
      setTimeout(() => resolve(false), 5000).unref();
    });
    socket.destroy();
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
    expect((await api(emu, 'GET', '/api/v0/computers')).status).toBe(200);
  });

  test('the test-only routes work over HTTP and are off by default', async () => {
    const emu = await emulator();
    const queued = await api(emu, 'POST', '/__emulator/faults', {
      path: '/api/v0/computers',
      status: 503,
      retryAfter: '2',
    });
    expect(queued.status).toBe(201);
    const faulted = await api(emu, 'GET', '/api/v0/computers');
    expect([faulted.status, faulted.headers.get('retry-after')]).toEqual([503, '2']);
    expect((await api(emu, 'GET', '/api/v0/computers')).status).toBe(200);
    const log: Json = await (await api(emu, 'GET', '/__emulator/requests')).json();
    expect(log.requests.map((r: { path: string }) => r.path)).toEqual(['/api/v0/computers', '/api/v0/computers']);
    expect(JSON.stringify(log)).not.toContain(emu.key);
    expect((await api(emu, 'POST', '/__emulator/faults', { status: 200 })).status).toBe(400);

    const key = makeKey();
    const plain = await startEmulator({ key });
    try {
      const response = await fetch(`${plain.url}/__emulator/requests`, { headers: { authorization: `Bearer ${key}` } });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
