// The typed client against the emulator, a real HTTP server: every endpoint, the pagination walks,
// local refusal of bad requests, and the failure modes (401, 409, 429, 500, resets, hangs, redirects).
import http from 'node:http';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ApiClient } from '../../../src/platform/api/api-client.js';
import { ApiError } from '../../../src/platform/api/api-error.js';
import { readKeyFile, resolveApiConfig } from '../../../src/platform/api/api-config.js';
import { collect, walkControlChanges, walkReports, walkSessions } from '../../../src/platform/api/walk-pages.js';
import { HookdError, UsageError } from '../../../src/common/errors.js';
import { generateData } from '../../../src/platform/emulator/generate-data.js';
import { emulator, tempDir, type TestEmulator } from '../../helpers/platform-api.js';

const FAST_RETRY = { baseDelayMs: 10, maxDelayMs: 5_000 };

function clientOf(emu: TestEmulator, extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}): ApiClient {
  return new ApiClient({
    apiUrl: emu.url,
    appUrl: emu.url,
    apiKey: emu.key,
    retry: FAST_RETRY,
    timeoutMs: 5_000,
    ...extra,
  });
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('each endpoint', () => {
  test('sessions: list, create (201), message makes it running, a second message pending, then idle', async () => {
    const emu = await emulator();
    const client = clientOf(emu);
    const page = await client.listSessions({ limit: 5 });
    expect(page.sessions.map((s) => s.sessionId)).toEqual(['ses_0045', 'ses_0044', 'ses_0043', 'ses_0042', 'ses_0041']);
    expect(page.pagination.hasMore).toBe(true);
    expect(page.sessions[0]?.sessionSettings?.tokenUsage?.inputTokens).toBeTypeOf('number');

    const created = await client.createSession({
      computerId: 'cmp_001',
      cwd: '/work',
      sessionSettings: { model: 'm', autonomyLevel: 'high' },
    });
    expect(created).toMatchObject({ status: 'idle', computerId: 'cmp_001', messageCount: 0, cwd: '/work' });
    expect(created.sessionSettings?.autonomyLevel).toBe('high');

    const first = await client.addMessage(created.sessionId, { text: 'hello' });
    expect(first.status).toBe('running');
    const second = await client.addMessage(created.sessionId, { text: 'and this' });
    expect(second.status).toBe('pending');
    expect(second.messageId).not.toBe(first.messageId);
    // The agent's turns end (the emulator's runs are ended by hand: no clock in the test).
    expect(emu.finishRuns()).toBe(2);
    const listed = await client.listSessions({ computerId: 'cmp_001', limit: 1 });
    expect(listed.sessions[0]).toMatchObject({ sessionId: created.sessionId, status: 'idle' });
  });

  test('computers: list newest first, get, update, install-deps (202, then 409 as a result)', async () => {
    const emu = await emulator();
    const client = clientOf(emu);
    const { computers } = await client.listComputers();
    expect(computers.map((c) => c.id)).toEqual(['cmp_004', 'cmp_003', 'cmp_002', 'cmp_001']);
    expect((await client.getComputer('cmp_003')).status).toBe('error');
    const updated = await client.updateComputer('cmp_004', {
      name: 'renamed',
      hostId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      remoteUser: 'me',
    });
    expect(updated).toMatchObject({
      name: 'renamed',
      hostId: '0f8fad5b-d9cb-469f-a165-70867728950e',
      remoteUser: 'me',
    });
    const conflict = (await rejection(
      client.updateComputer('cmp_004', { hostId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' }),
    )) as ApiError;
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict.status).toBe(409);
    const started = await client.installDeps('cmp_003');
    expect(started.started).toBe(true);
    expect(started.started && started.computer?.status).toBe('provisioning');
    const again = await client.installDeps('cmp_003');
    expect(again).toEqual({ started: false, detail: expect.stringContaining('already running') });
  });

  test('organization: reports, enterprise history, limits with partial success', async () => {
    const emu = await emulator();
    const client = clientOf(emu);
    const { reports } = await client.listReports({ limit: 3, repoId: 'repo-web' });
    expect(reports).toHaveLength(3);
    expect(reports.every((r) => r.repoUrl.endsWith('/web'))).toBe(true);
    const history = await client.listControlChanges({ limit: 4 });
    expect(history.changes.map((c) => c.revision)).toEqual([30, 29, 28, 27]);
    expect(history.changes[0]?.settings.sessionRetentionDays).toBe(59);
    const result = await client.setUserLimits([
      { email: 'ann@example.com', limit: 500 },
      { email: 'bob@example.com', limit: null },
      { email: 'eve@elsewhere.org', limit: 5 },
    ]);
    expect(result.updated).toEqual([
      { email: 'ann@example.com', limit: 500 },
      { email: 'bob@example.com', limit: null },
    ]);
    expect(result.errors).toEqual([{ email: 'eve@elsewhere.org', error: expect.any(String) }]);
  });

  test('unknown response fields are kept', async () => {
    const data = generateData();
    const emu = await emulator({
      data: { computers: [{ ...data.computers[0]!, futureField: { nested: true } } as never] },
    });
    const computer = await clientOf(emu).getComputer('cmp_004');
    expect((computer as Record<string, unknown>).futureField).toEqual({ nested: true });
  });
});

describe('walking every page', () => {
  test('sessions by cursor: 45 sessions in 5 pages of 10', async () => {
    const emu = await emulator();
    const sessions = await collect(walkSessions(clientOf(emu), { limit: 10 }));
    expect(sessions).toHaveLength(45);
    expect(new Set(sessions.map((s) => s.sessionId)).size).toBe(45);
    expect(emu.hooks.requests.filter((r) => r.path === '/api/v0/sessions')).toHaveLength(5);
  });

  test('enterprise history by cursor: 30 changes in 3 pages, revisions descending', async () => {
    const emu = await emulator();
    const changes = await collect(walkControlChanges(clientOf(emu), { limit: 10 }));
    expect(changes.map((c) => c.revision)).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    expect(emu.hooks.requests).toHaveLength(3);
  });

  test('reports by startAfter: a short page does not end the walk, the empty one after it does', async () => {
    const emu = await emulator();
    const reports = await collect(walkReports(clientOf(emu), { limit: 10 }));
    expect(reports).toHaveLength(25);
    // Each page is the old path redirected to the new one: pages of 10, 10, 5 and an empty one.
    expect(
      emu.hooks.requests
        .filter((r) => r.path.endsWith('agent-readiness-reports'))
        .map((r) => new URLSearchParams(r.query).has('startAfter')),
    ).toEqual([false, true, true, true]);
  });

  test('reports by startAfter: an empty page ends the walk', async () => {
    const emu = await emulator({ data: { reports: generateData().reports.slice(0, 20) } });
    const reports = await collect(walkReports(clientOf(emu), { limit: 10 }));
    expect(reports).toHaveLength(20);
    expect(emu.hooks.requests.filter((r) => r.path.endsWith('agent-readiness-reports'))).toHaveLength(3);
  });
});

describe('every validation rule is refused locally', () => {
  const cases: [string, (c: ApiClient) => Promise<unknown>, RegExp][] = [
    ['sessions limit 0', (c) => c.listSessions({ limit: 0 }), /limit: expected a whole number from 1 to 100/],
    ['sessions limit 101', (c) => c.listSessions({ limit: 101 }), /limit/],
    ['sessions limit not a number', (c) => c.listSessions({ limit: 'ten' }), /limit/],
    ['history limit 101', (c) => c.listControlChanges({ limit: 101 }), /limit/],
    ['reports limit 0', (c) => c.listReports({ limit: 0 }), /limit: expected a positive whole number/],
    ['create without computerId', (c) => c.createSession({} as never), /computerId/],
    ['create with an empty cwd', (c) => c.createSession({ computerId: 'cmp_001', cwd: '' }), /cwd: expected 1 to 4096/],
    [
      'create with a 4097-character cwd',
      (c) => c.createSession({ computerId: 'cmp_001', cwd: 'x'.repeat(4097) }),
      /cwd/,
    ],
    [
      'create with tokenUsage',
      (c) => c.createSession({ computerId: 'cmp_001', sessionSettings: { tokenUsage: {} } as never }),
      /sessionSettings.tokenUsage: is returned by the API only/,
    ],
    [
      'create with inclusiveTokenUsage',
      (c) => c.createSession({ computerId: 'cmp_001', sessionSettings: { inclusiveTokenUsage: {} } as never }),
      /inclusiveTokenUsage/,
    ],
    ['message without text', (c) => c.addMessage('ses_0001', {} as never), /text/],
    [
      'message with a bad image',
      (c) => c.addMessage('ses_0001', { text: 'x', images: [{ type: 'base64', data: '***', mediaType: 'image/png' }] }),
      /images\[0\].data: expected base64/,
    ],
    ['update with an empty name', (c) => c.updateComputer('cmp_001', { name: '' }), /name: expected a name of 1 to 63/],
    ['update with a 64-character name', (c) => c.updateComputer('cmp_001', { name: 'n'.repeat(64) }), /name/],
    [
      'update with a 64-character remoteUser',
      (c) => c.updateComputer('cmp_001', { remoteUser: 'u'.repeat(64) }),
      /remoteUser/,
    ],
    [
      'update with a hostId that is not a UUID',
      (c) => c.updateComputer('cmp_001', { hostId: 'host-1' }),
      /hostId: expected a UUID/,
    ],
    ['limits with no users', (c) => c.setUserLimits([]), /users: expected 1 to 100 users/],
    [
      'limits with 101 users',
      (c) => c.setUserLimits(Array.from({ length: 101 }, (_, i) => ({ email: `u${i}@example.com`, limit: 1 }))),
      /users/,
    ],
    [
      'limits with a bad e-mail',
      (c) => c.setUserLimits([{ email: 'not-an-email', limit: 1 }]),
      /users\[0\].email: expected an e-mail/,
    ],
    [
      'limits with a fractional limit',
      (c) => c.setUserLimits([{ email: 'a@example.com', limit: 1.5 }]),
      /users\[0\].limit/,
    ],
  ];
  test.each(cases)('%s', async (_name, call, message) => {
    const emu = await emulator();
    const error = await rejection(call(clientOf(emu)));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(message);
    expect(emu.hooks.requests).toEqual([]);
  });
});

describe('errors and retries', () => {
  test('401 without a valid key, shown as title: detail (HTTP 401)', async () => {
    const emu = await emulator();
    const error = (await rejection(clientOf(emu, { apiKey: 'wrong' }).listComputers())) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'Unauthorized: missing or invalid API key; send Authorization: Bearer <API_KEY> (HTTP 401); check the key (HOOKD_API_KEY, or the file HOOKD_API_KEY_FILE names)',
    );
  });

  test('a GET answered 429 with Retry-After is sent again and succeeds', async () => {
    const emu = await emulator();
    emu.fault({ path: '/api/v0/computers', status: 429, retryAfter: '1' });
    const { computers } = await clientOf(emu).listComputers();
    expect(computers).toHaveLength(4);
    expect(emu.hooks.requests).toHaveLength(2);
  });

  test('a PUT answered 503 is sent again; a 429 that never ends is reported after the attempts', async () => {
    const emu = await emulator();
    emu.fault({ method: 'PUT', status: 503, retryAfter: '0' });
    expect((await clientOf(emu).setUserLimits([{ email: 'a@example.com', limit: 1 }])).updated).toHaveLength(1);
    emu.fault({ path: '/api/v0/computers', status: 429, retryAfter: '0', times: 10 });
    const error = (await rejection(clientOf(emu).listComputers())) as ApiError;
    expect(error.status).toBe(429);
    expect(emu.hooks.requests.filter((r) => r.path === '/api/v0/computers')).toHaveLength(4);
  });

  test('a Retry-After longer than the client waits is reported, not waited for', async () => {
    const emu = await emulator();
    emu.fault({ path: '/api/v0/computers', status: 429, retryAfter: '3600' });
    const error = (await rejection(clientOf(emu).listComputers())) as ApiError;
    expect(error.status).toBe(429);
    expect(emu.hooks.requests).toHaveLength(1);
  });

  test('a POST is never resent: not on 429, not on 500, not after a dropped connection', async () => {
    const emu = await emulator();
    const client = clientOf(emu);
    emu.fault({ method: 'POST', status: 429, retryAfter: '0' });
    expect(((await rejection(client.createSession({ computerId: 'cmp_001' }))) as ApiError).status).toBe(429);
    emu.fault({ method: 'POST', status: 500, detail: 'database on fire' });
    const error = (await rejection(client.addMessage('ses_0001', { text: 'hi' }))) as ApiError;
    expect(error.message).toBe('Internal Server Error: database on fire (HTTP 500)');
    emu.fault({ method: 'POST', drop: true });
    const dropped = await rejection(client.installDeps('cmp_003'));
    expect(dropped).toBeInstanceOf(HookdError);
    // The answer was lost, not the server: it may have been applied, and the message says how to check.
    expect(dropped.message).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v0\/computers\/cmp_003\/install-deps: the connection closed before the answer came \(ECONNRESET\); the request may have been applied: check with hookd api computers get cmp_003 \(its provisioning steps\) before sending it again/,
    );
    expect(emu.hooks.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
  });

  test('a GET whose connection drops is sent again', async () => {
    const emu = await emulator();
    emu.fault({ path: '/api/v0/sessions', drop: true });
    expect((await clientOf(emu).listSessions()).sessions).toHaveLength(20);
    expect(emu.hooks.requests).toHaveLength(2);
  });

  test('a 500 on a GET is not retried', async () => {
    const emu = await emulator();
    emu.fault({ status: 500 });
    expect(((await rejection(clientOf(emu).listComputers())) as ApiError).status).toBe(500);
    expect(emu.hooks.requests).toHaveLength(1);
  });

  test('a server that does not answer in time is a timeout; a hung POST is not resent', async () => {
    const emu = await emulator();
    emu.fault({ method: 'POST', hang: true });
    const error = await rejection(clientOf(emu, { timeoutMs: 300 }).createSession({ computerId: 'cmp_001' }));
    expect(error.message).toMatch(/no answer within 0.3s/);
    expect(emu.hooks.requests).toHaveLength(1);
  });

  test('a server that is down: connection refused, after retries', async () => {
    const emu = await emulator();
    const url = emu.url;
    await emu.close();
    const error = await rejection(new ApiClient({ apiUrl: url, apiKey: 'k', retry: FAST_RETRY }).listComputers());
    expect(error.message).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+.*ECONNREFUSED/);
  });

  test('an error body that is not the platform shape is still readable, without its markup', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway from a load balancer</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const error = (await rejection(
      new ApiClient({ apiUrl: `http://127.0.0.1:${port}`, apiKey: 'k', retry: FAST_RETRY }).listComputers(),
    )) as ApiError;
    await new Promise((resolve) => server.close(resolve));
    expect(error.message).toBe('Bad Gateway: bad gateway from a load balancer (HTTP 502)');
  });
});

describe('the readiness redirect', () => {
  test('a same-origin 308 keeps the method and the Authorization header', async () => {
    const emu = await emulator();
    const { reports } = await clientOf(emu).listReports({ limit: 2 });
    expect(reports).toHaveLength(2);
    expect(emu.hooks.requests.map((r) => [r.path, r.authorized])).toEqual([
      ['/api/organization/maturity-level-reports', true],
      ['/api/organization/agent-readiness-reports', true],
    ]);
  });

  test('a 308 to another origin drops the Authorization header', async () => {
    const emu = await emulator();
    const other = http.createServer((req, res) => {
      res.writeHead(308, {
        location: `${emu.url}/api/organization/agent-readiness-reports${new URL(req.url ?? '/', 'http://x').search}`,
      });
      res.end();
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as { port: number };
    try {
      const error = (await rejection(clientOf(emu, { appUrl: `http://127.0.0.1:${port}` }).listReports())) as ApiError;
      expect(error.status).toBe(401);
      expect(emu.hooks.requests.map((r) => r.authorized)).toEqual([false]);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('configuration', () => {
  test('a key file that others can read is refused; a private one is used', () => {
    const dir = tempDir();
    const file = path.join(dir, 'key');
    writeFileSync(file, 'sk-file-key-123\n');
    chmodSync(file, 0o644);
    expect(() => readKeyFile(file)).toThrow(
      `HOOKD_API_KEY_FILE: ${file} is readable by group or others (mode 0644); run: chmod 600 ${file}`,
    );
    chmodSync(file, 0o600);
    expect(resolveApiConfig({ HOOKD_API_KEY_FILE: file, HOOKD_API_URL: 'http://127.0.0.1:1/' })).toEqual({
      apiUrl: 'http://127.0.0.1:1',
      appUrl: 'http://127.0.0.1:1',
      apiKey: 'sk-file-key-123',
    });
  });

  test('defaults and bad URLs', () => {
    expect(resolveApiConfig({})).toEqual({
      apiUrl: 'https://api.agent-platform.example',
      appUrl: 'https://app.agent-platform.example',
      apiKey: undefined,
    });
    expect(() => resolveApiConfig({ HOOKD_API_URL: 'api.example.com' })).toThrow(
      /HOOKD_API_URL: "api.example.com" is not a URL/,
    );
    expect(() => resolveApiConfig({ HOOKD_APP_URL: 'ftp://x' })).toThrow(
      /HOOKD_APP_URL: expected an http or https URL/,
    );
  });
});
