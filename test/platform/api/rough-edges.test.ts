// Reproductions of issue 13 (rough edges of the platform API), items 1 and 3 to 8: each test pins
// what a user met, against the emulator, the proxy, the client and the built binary.
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ApiClient } from '../../../src/platform/api/api-client.js';
import { collect, walkReports } from '../../../src/platform/api/walk-pages.js';
import { generateData } from '../../../src/platform/emulator/generate-data.js';
import { emulator, hookd, proxyServer, socketRequest, tempDir, type TestEmulator } from '../../helpers/platform-api.js';

function clientOf(emu: TestEmulator, appUrl = emu.url): ApiClient {
  return new ApiClient({ apiUrl: emu.url, appUrl, apiKey: emu.key, timeoutMs: 5_000 });
}

function fetchApi(
  emu: TestEmulator,
  method: string,
  target: string,
  body?: string,
  authorization: string | null = `Bearer ${emu.key}`,
) {
  return fetch(`${emu.url}${target}`, {
    method,
    redirect: 'manual',
    headers: authorization ? { authorization } : {},
    ...(body !== undefined ? { body } : {}),
  });
}

/** Reports as the emulator seeds them, `count` of them. */
function reports(count: number) {
  const base = generateData().reports;
  return Array.from({ length: count }, (_, i) => ({
    ...base[i % base.length]!,
    reportId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    createdAt: 1_000_000 + i,
  }));
}

const cli = (emu: TestEmulator, args: string[]) =>
  hookd(args, { HOOKD_API_URL: emu.url, HOOKD_API_KEY: emu.key, HOME: tempDir() });

describe('item 1: reports list --all walks until an empty page', () => {
  test('a server that caps pages at 10 (asked for 50) still gives all 35 reports', async () => {
    const emu = await emulator({ maxPage: 10, data: { reports: reports(35) } });
    expect(await collect(walkReports(clientOf(emu)))).toHaveLength(35);
    const result = await cli(emu, ['api', 'reports', 'list', '--all', '--json']);
    expect([result.code, JSON.parse(result.stdout).reports.length]).toEqual([0, 35]);
  });

  test('a server that ignores startAfter (the same page again) ends the walk without repeats', async () => {
    const page = { reports: reports(2) };
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(page));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const client = new ApiClient({ apiUrl: url, apiKey: 'k', timeoutMs: 5_000 });
      expect((await collect(walkReports(client, { limit: 2 }))).map((r) => r.reportId)).toEqual(
        page.reports.map((r) => r.reportId),
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('item 2: reports list without --limit says more may follow', () => {
  test('the hint names the next --start-after', async () => {
    const emu = await emulator();
    const result = await cli(emu, ['api', 'reports', 'list']);
    const last = result.stdout.trim().split('\n').at(-1)!.split(/\s+/)[0];
    expect(result.stderr).toBe(`more reports may follow: add --start-after ${last}, or --all\n`);
  });
});

describe('item 3: a message whose text is "" is a message', () => {
  test('the client sends it, the proxy forwards it, the emulator takes it', async () => {
    const emu = await emulator();
    expect(await clientOf(emu).addMessage('ses_0001', { text: '' })).toMatchObject({ status: 'running' });
    const proxy = await proxyServer(tempDir(), { apiUrl: emu.url, apiKey: emu.key });
    const answer = await socketRequest(
      proxy.socket,
      'POST',
      '/api/v0/sessions/ses_0002/messages',
      JSON.stringify({ text: '' }),
    );
    expect(answer.status).toBe(200);
  });
});

describe('item 4: --host-id is any 8-4-4-4-12 hex id', () => {
  test('an id that is not RFC 4122 (version 0, variant 0) is accepted; a malformed one is not', async () => {
    const emu = await emulator();
    const id = '12345678-1234-0234-0234-123456789abc';
    expect(await clientOf(emu).updateComputer('cmp_004', { hostId: id })).toMatchObject({ hostId: id });
    const bad = await cli(emu, [
      'api',
      'computers',
      'update',
      'cmp_002',
      '--host-id',
      '12345678-1234-1234-1234-123456789ab',
    ]);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'hookd: computers update: hostId: expected a UUID (8-4-4-4-12 hex digits) such as 0f8fad5b-d9cb-469f-a165-70867728950e, got "12345678-1234-1234-1234-123456789ab"\n',
    ]);
  });
});

describe('item 5: the proxy checks the fields it knows and forwards the rest', () => {
  test('a field hookd has not heard of goes upstream as sent; a bad known field is still refused', async () => {
    const emu = await emulator();
    const proxy = await proxyServer(tempDir(), { apiUrl: emu.url, apiKey: emu.key });
    const body = JSON.stringify({
      text: 'hi',
      priority: 'high',
      images: [{ type: 'base64', data: 'AAAA', mediaType: 'image/png', alt: 'x' }],
    });
    const answer = await socketRequest(proxy.socket, 'POST', '/api/v0/sessions/ses_0001/messages', body);
    expect(answer.status).toBe(200);
    expect(emu.hooks.requests.at(-1)).toMatchObject({ method: 'POST', bytes: Buffer.byteLength(body) });
    const bad = await socketRequest(
      proxy.socket,
      'POST',
      '/api/v0/sessions/ses_0001/messages',
      JSON.stringify({ text: 5, priority: 'high' }),
    );
    expect([bad.status, bad.json().detail]).toEqual([400, 'request body: text: expected a string, got 5']);
  });

  test('the command line stays strict, and says so', async () => {
    const emu = await emulator();
    const file = path.join(tempDir(), 'users.json');
    writeFileSync(file, JSON.stringify([{ email: 'a@example.com', limit: 5, note: 'x' }]));
    const result = await cli(emu, ['api', 'limits', 'set', '--file', file]);
    expect([result.code, result.stderr]).toEqual([
      2,
      `hookd: ${file}: [0]: unknown field "note"\nhookd: ${file}: the command line sends only the fields hookd knows (a hook can send newer ones through the daemon's proxy)\n`,
    ]);
    expect(emu.hooks.requests).toEqual([]);
  });
});

describe('item 6: the emulator authenticates like the platform', () => {
  test('the Authorization scheme is case-insensitive; the key is not', async () => {
    const emu = await emulator();
    expect((await fetchApi(emu, 'GET', '/api/v0/computers', undefined, `bearer ${emu.key}`)).status).toBe(200);
    expect((await fetchApi(emu, 'GET', '/api/v0/computers', undefined, `BEARER ${emu.key}`)).status).toBe(200);
    expect((await fetchApi(emu, 'GET', '/api/v0/computers', undefined, `Bearer ${emu.key.toUpperCase()}`)).status).toBe(
      401,
    );
  });

  test('a keyless request to the old readiness path gets 401, not a redirect', async () => {
    const emu = await emulator();
    expect((await fetchApi(emu, 'GET', '/api/organization/maturity-level-reports', undefined, null)).status).toBe(401);
    expect((await fetchApi(emu, 'GET', '/api/organization/maturity-level-reports')).status).toBe(308);
  });

  test('GET /api/v0/computers?limit=1 is refused like any unknown query parameter', async () => {
    const emu = await emulator();
    const answer = await fetchApi(emu, 'GET', '/api/v0/computers?limit=1');
    expect([answer.status, ((await answer.json()) as { detail: string }).detail]).toEqual([
      400,
      'query: GET /api/v0/computers takes no query parameters',
    ]);
  });
});

describe('item 7: validation messages show the bad value', () => {
  test('over HTTP: a string for a number, a wrong image type, an array for a body', async () => {
    const emu = await emulator();
    const cases: [string, string, string][] = [
      [
        '/api/v0/sessions',
        JSON.stringify({ computerId: 'cmp_001', sessionSettings: { assistantActiveTimeMs: '5' } }),
        'request body: sessionSettings.assistantActiveTimeMs: expected a number, got "5"',
      ],
      [
        '/api/v0/sessions/ses_0001/messages',
        JSON.stringify({ text: 'x', images: [{ type: 'url', data: 'AAAA', mediaType: 'image/png' }] }),
        'request body: images[0].type: expected "base64", got "url"',
      ],
      ['/api/v0/sessions', '[]', 'request body: expected an object, got []'],
    ];
    for (const [target, body, detail] of cases) {
      const answer = await fetchApi(emu, 'POST', target, body);
      expect([answer.status, ((await answer.json()) as { detail: string }).detail]).toEqual([400, detail]);
    }
  });

  test('--limit abc is said once, with the value', async () => {
    const emu = await emulator();
    const result = await cli(emu, ['api', 'reports', 'list', '--limit', 'abc']);
    expect([result.code, result.stderr]).toEqual([
      2,
      'hookd: reports list: limit: expected a positive whole number, got "abc"\n',
    ]);
    const sessions = await cli(emu, ['api', 'sessions', 'list', '--limit', 'abc']);
    expect(sessions.stderr).toBe('hookd: sessions list: limit: expected a whole number from 1 to 100, got "abc"\n');
  });
});

describe('item 8: install-deps and 404s speak of commands', () => {
  test('"already running" is said once; a 404 names the command that lists computers', async () => {
    const emu = await emulator();
    await cli(emu, ['api', 'computers', 'install-deps', 'cmp_003']);
    const again = await cli(emu, ['api', 'computers', 'install-deps', 'cmp_003']);
    expect([again.code, again.stdout, again.stderr]).toEqual([
      0,
      'already running: an install of dependencies is in progress on computer cmp_003; nothing to do\n',
      '',
    ]);
    const missing = await cli(emu, ['api', 'computers', 'get', 'cmp_999']);
    expect([missing.code, missing.stderr]).toEqual([
      1,
      'hookd: Not Found: computer cmp_999 was not found (HTTP 404); hookd api computers list shows the computers there are\n',
    ]);
  });
});
