// Reproduction of issue 22, items 2 to 4: answers of servers that are not the platform's spec, from
// a real node:http server. HTML error pages from a gateway, JSON errors without a title, a doubled
// /api/v0, any 2xx, answers lost after a POST, and hostile bodies (huge, deeply nested, binary,
// escape sequences): every command says what happened in one line, exits as documented, and never
// crashes.
import { describe, expect, test } from 'vitest';
import { hookd, tempDir } from '../../helpers/platform-api.js';
import { json, recordingServer, type Received, type Reply } from './recording-server.js';

const NGINX_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title><style>body { width: 35em; }</style></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<script>alert("x")</script><hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** Every command, and the command its lost answer names (for a POST). */
const COMMANDS: { args: string[]; check?: string }[] = [
  { args: ['api', 'sessions', 'list'] },
  { args: ['api', 'sessions', 'list', '--all'] },
  { args: ['api', 'sessions', 'create', '--computer', 'cmp_001'], check: 'hookd api sessions list' },
  { args: ['api', 'sessions', 'message', 'ses_1', 'hi'], check: 'hookd api sessions list' },
  { args: ['api', 'computers', 'list'] },
  { args: ['api', 'computers', 'get', 'cmp_001'] },
  { args: ['api', 'computers', 'update', 'cmp_001', '--name', 'x'] },
  { args: ['api', 'computers', 'install-deps', 'cmp_001'], check: 'hookd api computers get cmp_001' },
  { args: ['api', 'reports', 'list'] },
  { args: ['api', 'reports', 'list', '--all'] },
  { args: ['api', 'controls', 'history', '--all'] },
  { args: ['api', 'limits', 'set', 'a@example.com=1'] },
];

async function against(answer: (request: Received) => Reply, extra: Record<string, string> = {}) {
  const server = await recordingServer(answer);
  const run = (args: string[]) =>
    hookd(args, { HOOKD_API_URL: server.url, HOOKD_API_KEY: 'k', HOME: tempDir(), ...extra });
  return { server, run };
}

describe('issue 22 item 4: one error voice for every answer', () => {
  test('a gateway answering HTML: every command says the status line and the page text, no markup, exit 1, sent once', async () => {
    const { server, run } = await against(() => ({
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: NGINX_502,
    }));
    for (const { args, check } of COMMANDS) {
      const before = server.received.length;
      const result = await run(args);
      const lost = check
        ? `; a gateway lost the answer, so the request may have been applied: check with ${check}`
        : '';
      expect([args.join(' '), result.code, result.stdout]).toEqual([args.join(' '), 1, '']);
      expect(result.stderr).toMatch(
        new RegExp(
          `^hookd: Bad Gateway: 502 Bad Gateway nginx \\(HTTP 502\\)${lost.replace(/[()]/g, '\\$&')}[^\\n]*\\n$`,
        ),
      );
      expect(result.stderr).not.toMatch(/[<>]|alert|width/);
      // 502 is not retried, and a POST never is.
      expect(server.received.length - before).toBe(1);
    }
  });

  test("JSON errors without a title, with another sender's names, or nothing readable", async () => {
    const cases: [Reply, string][] = [
      [json(500, { detail: 'database on fire' }), 'Internal Server Error: database on fire (HTTP 500)'],
      [json(400, { message: 'limit must be a number' }), 'Bad Request: limit must be a number (HTTP 400)'],
      [
        json(422, { error: { code: 'E1', message: 'nested message' } }),
        'Unprocessable Entity: nested message (HTTP 422)',
      ],
      [
        json(400, { error: 'invalid_request', error_description: 'bad cursor' }),
        'invalid_request: bad cursor (HTTP 400)',
      ],
      [json(409, { title: 'Conflict here' }), 'Conflict here (HTTP 409)'],
      [json(500, { unexpected: [1, 2] }), 'Internal Server Error: {"unexpected":[1,2]} (HTTP 500)'],
      [{ status: 500, body: '' }, 'Internal Server Error (HTTP 500)'],
      [
        {
          status: 500,
          headers: { 'content-type': 'text/plain' },
          body: 'upstream connect error or disconnect/reset before headers',
        },
        'Internal Server Error: upstream connect error or disconnect/reset before headers (HTTP 500)',
      ],
      [
        { status: 500, body: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0, 1, 2]) },
        'Internal Server Error: (binary data, 13 bytes) (HTTP 500)',
      ],
      [
        json(500, { title: '\u001b[2JBoom', detail: `${'x'.repeat(5000)}\u001b]0;pwned\u0007` }),
        `Boom: ${'x'.repeat(299)}… (HTTP 500)`,
      ],
    ];
    for (const [reply, message] of cases) {
      const { run } = await against(() => reply);
      const result = await run(['api', 'computers', 'list']);
      expect(result.stderr).toBe(`hookd: ${message}\n`);
    }
  });

  test('401 and 403 name the key variables; a doubled /api/v0 is named instead of the listing hint', async () => {
    const unauthorized = await against(() => ({
      status: 401,
      headers: { 'content-type': 'text/html' },
      body: '<h1>401 Authorization Required</h1>',
    }));
    expect((await unauthorized.run(['api', 'computers', 'get', 'cmp_001'])).stderr).toBe(
      'hookd: Unauthorized: 401 Authorization Required (HTTP 401); check the key (HOOKD_API_KEY, or the file HOOKD_API_KEY_FILE names)\n',
    );
    const forbidden = await against(() => ({
      status: 403,
      headers: { 'content-type': 'text/plain' },
      body: 'Request blocked.',
    }));
    expect((await forbidden.run(['api', 'limits', 'set', 'a@example.com=1'])).stderr).toBe(
      'hookd: Forbidden: Request blocked. (HTTP 403); the API refused the key (HOOKD_API_KEY, or the file HOOKD_API_KEY_FILE names) this request: a key of another organization, or without the role it needs?\n',
    );
    const server = await recordingServer((request) =>
      request.path.startsWith('/api/v0/api/v0/')
        ? json(404, { status: 404, title: 'Not Found', detail: 'no such route' })
        : json(200, {}),
    );
    const doubled = await hookd(['api', 'computers', 'get', 'cmp_001'], {
      HOOKD_API_URL: `${server.url}/api/v0/`,
      HOOKD_API_KEY: 'k',
      HOME: tempDir(),
    });
    expect([doubled.code, doubled.stderr]).toEqual([
      1,
      `hookd: Not Found: no such route (HTTP 404); HOOKD_API_URL ends in /api/v0 and hookd adds /api/v0 to every path, so this one has it twice (/api/v0/api/v0/computers/cmp_001): set HOOKD_API_URL to ${server.url}\n`,
    ]);
    const plain = await against(() =>
      json(404, { status: 404, title: 'Not Found', detail: 'computer cmp_001 was not found' }),
    );
    expect((await plain.run(['api', 'computers', 'get', 'cmp_001'])).stderr).toBe(
      'hookd: Not Found: computer cmp_001 was not found (HTTP 404); hookd api computers list shows the computers there are\n',
    );
  });

  test('a 429 whose Retry-After is longer than hookd waits says how long the API asks to wait', async () => {
    const { server, run } = await against(() =>
      json(429, { title: 'Too Many Requests', detail: 'slow down' }, { 'retry-after': '120' }),
    );
    const result = await run(['api', 'sessions', 'list']);
    expect([result.code, result.stderr]).toEqual([
      1,
      'hookd: Too Many Requests: slow down (HTTP 429); the API asks to wait 120 s before trying again\n',
    ]);
    expect(server.received).toHaveLength(1);
  });
});

describe('issue 22 items 2 and 3: any 2xx is success; a lost answer is said, never resent', () => {
  test('204, 207 and 202 where the spec says otherwise are success, with what the answer says', async () => {
    const { server, run } = await against((request) => {
      if (request.method === 'PUT') return json(207, { updated: [{ email: 'a@example.com', limit: 1 }], errors: [] });
      if (request.path.endsWith('/messages')) return json(202, { messageId: 'msg_9', status: 'queued' });
      return { status: 204 };
    });
    const cases: [string[], string][] = [
      [
        ['api', 'sessions', 'create', '--computer', 'cmp_001'],
        'created a session on computer cmp_001 (HTTP 204), but the answer names no sessionId: hookd api sessions list --computer cmp_001 shows it\n',
      ],
      [['api', 'sessions', 'message', 'ses_1', 'hi'], 'message msg_9 added to session ses_1; the agent is queued\n'],
      [
        ['api', 'computers', 'update', 'cmp_001', '--remote-user', 'ops'],
        'updated computer cmp_001 (HTTP 204); hookd api computers get cmp_001 shows it\n',
      ],
      [['api', 'computers', 'install-deps', 'cmp_001'], 'install started on computer cmp_001 (status unknown)\n'],
      [
        ['api', 'limits', 'set', 'a@example.com=1'],
        'USER           RESULT\na@example.com  limit 1\n1 updated, 0 failed\n',
      ],
    ];
    for (const [args, stdout] of cases) {
      const result = await run(args);
      expect([args.join(' '), result.code, result.stdout]).toEqual([args.join(' '), 0, stdout]);
    }
    expect(server.received).toHaveLength(cases.length);
  });

  test('a POST whose connection closes before the answer: may have been applied, how to check, sent once', async () => {
    const { server, run } = await against((request) =>
      request.method === 'GET' ? json(200, { computers: [] }) : 'drop',
    );
    const cases: [string[], string][] = [
      [
        ['api', 'sessions', 'create', '--computer', 'cmp_001'],
        'check with hookd api sessions list (newest first) before sending it again (hookd never resends a POST)',
      ],
      [
        ['api', 'sessions', 'message', 'ses_1', 'hi'],
        "check with hookd api sessions list (the session's message count) before sending it again",
      ],
      [
        ['api', 'computers', 'install-deps', 'cmp_001'],
        'check with hookd api computers get cmp_001 (its provisioning steps) before sending it again',
      ],
      [
        ['api', 'POST', '/api/v0/sessions', '-F', 'computerId=cmp_001'],
        'check with hookd api sessions list (newest first) before sending it again',
      ],
      [['api', 'POST', '/api/v0/something-new'], 'check with a listing of what it changes before sending it again'],
    ];
    for (const [args, check] of cases) {
      const before = server.received.length;
      const result = await run(args);
      expect([args.join(' '), result.code]).toEqual([args.join(' '), 1]);
      expect(result.stderr).toMatch(
        /^hookd: POST http:\/\/127\.0\.0\.1:\d+\/\S+: the connection closed before the answer came \(ECONNRESET\); the request may have been applied: /,
      );
      expect(result.stderr).toContain(check);
      expect(server.received.length - before).toBe(1);
    }
    // An idempotent PUT is sent again (harmlessly); when every attempt is lost, the message says so.
    const limits = await run(['api', 'limits', 'set', 'a@example.com=1']);
    expect([limits.code, limits.stderr]).toEqual([
      1,
      expect.stringMatching(/\(ECONNRESET\); the request may have been applied \(sending it again is harmless\)\n$/),
    ]);
  });
});

describe('hostile success answers: a clear message, never a crash', () => {
  const session = { sessionId: 'ses_1', status: 'idle', messageCount: 1, createdAt: 1, updatedAt: 1 };
  const page = (extra: object) => ({
    sessions: [{ ...session, ...extra }],
    pagination: { hasMore: false, nextCursor: null },
  });

  test('a body over 64 MiB is not read to the end', async () => {
    const big = Buffer.alloc(65 * 1024 * 1024, 0x20);
    const { run } = await against(() => ({ status: 200, body: big }));
    const result = await run(['api', 'sessions', 'list']);
    expect([result.code, result.stderr]).toEqual([
      1,
      expect.stringMatching(
        /^hookd: GET http:\/\/127\.0\.0\.1:\d+\/api\/v0\/sessions: the answer \(HTTP 200\) is over 64 MiB; hookd stopped reading it\n$/,
      ),
    ]);
  });

  test('JSON nested 100 000 deep in an unknown field: the table and --json print, a merged --all --json says why it cannot', async () => {
    const depth = 100_000;
    const body = JSON.stringify(page({})).replace(
      '"sessionId"',
      `"deep":${'['.repeat(depth)}${']'.repeat(depth)},"sessionId"`,
    );
    const { run } = await against(() => ({ status: 200, body }));
    const table = await run(['api', 'sessions', 'list']);
    expect([table.code, table.stdout]).toEqual([0, expect.stringMatching(/\nses_1\s+idle\s+1\s+1970-01-01 00:00Z\n$/)]);
    const asSent = await run(['api', 'sessions', 'list', '--json']);
    expect([asSent.code, asSent.stdout]).toEqual([0, `${body}\n`]);
    const merged = await run(['api', 'sessions', 'list', '--all', '--json']);
    expect([merged.code, merged.stderr]).toEqual([
      1,
      expect.stringMatching(
        /^hookd: the answer cannot be printed as one JSON document \(Maximum call stack size exceeded\); hookd api prints each answer as sent\n$/,
      ),
    ]);
  });

  test('bodies that are not JSON: a read fails with an excerpt, a change the API accepted does not', async () => {
    const bodies: [Reply, string][] = [
      [
        {
          status: 200,
          headers: { 'content-type': 'text/html' },
          body: '<html><body><h1>Welcome to nginx!</h1></body></html>',
        },
        'Welcome to nginx!',
      ],
      [{ status: 200, body: Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0]) }, '(binary data, 8 bytes)'],
      [{ status: 200, body: '{"sessions": [{"sessionId": "ses_1"' }, '{"sessions": [{"sessionId": "ses_1"'],
    ];
    for (const [reply, shown] of bodies) {
      const { run } = await against(() => reply);
      const read = await run(['api', 'sessions', 'list']);
      expect([read.code, read.stdout, read.stderr]).toEqual([
        1,
        '',
        `hookd: sessions list: the API answered HTTP 200, but not with JSON: ${shown}\n`,
      ]);
      const change = await run(['api', 'sessions', 'create', '--computer', 'cmp_001']);
      expect(change.code).toBe(0);
      expect(change.stderr).toBe(
        `hookd: warning: sessions create: the API answered HTTP 200, but not with JSON: ${shown}; the request was accepted: hookd api sessions list (newest first) shows it\n`,
      );
    }
  });

  test('answers of the wrong shape are read as far as they go, with a warning', async () => {
    for (const body of [
      '[]',
      '"ok"',
      '42',
      'null',
      '{"sessions": "none", "pagination": []}',
      '{"sessions": [1, null, "x", {"sessionId": 7}]}',
    ]) {
      const { run } = await against(() => ({ status: 200, body }));
      const result = await run(['api', 'sessions', 'list']);
      expect([body, result.code]).toEqual([body, 0]);
      expect(result.stderr).toMatch(/^hookd: warning: sessions list: /);
      if (body.length > 6) continue;
      const json = await run(['api', 'sessions', 'list', '--json']);
      expect(json.stdout).toBe(`${body}\n`);
    }
  });

  test('strings of an answer reach the terminal without escape sequences, and clipped', async () => {
    const { run } = await against(() =>
      json(
        200,
        page({
          sessionId: 'ses_\u001b[2J\u001b]0;owned\u0007x',
          title: `\u202eevil${'t'.repeat(10_000_000)}`,
          status: { nested: ['a'] },
        }),
      ),
    );
    const result = await run(['api', 'sessions', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
    expect(result.stdout.length).toBeLessThan(500);
    expect(result.stdout).toContain('{"nested":["a"]}');
    expect(result.stderr).toBe(
      'hookd: warning: sessions list: sessions[].status: expected a string, got an object; shown as sent\n',
    );
  });
});
