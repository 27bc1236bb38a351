// Reproduction of issue 22, item 6: `hookd api METHOD PATH [--field k=v] [--input FILE]
// [--paginate]`, a way around anything hookd does not know yet: the key added, the answer printed
// as sent, for any endpoint of {base_url} or {app_url}, and the key sent nowhere else.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseFields } from '../../../src/platform/commands/api-fields.js';
import { matchEndpoint } from '../../../src/platform/api/match-endpoint.js';
import { emulator, hookd, proxyServer, tempDir } from '../../helpers/platform-api.js';
import { json, recordingServer } from './recording-server.js';

describe('issue 22 item 6: hookd api', () => {
  test('fields: the query of a GET, the JSON body of the rest; --input sends a file (fields then go to the query)', async () => {
    const server = await recordingServer((request) => json(200, { echoed: request.method }));
    const dir = tempDir();
    const env = {
      HOOKD_API_URL: `${server.url}/base`,
      HOOKD_APP_URL: `${server.url}/app`,
      HOOKD_API_KEY: 'k',
      HOME: dir,
    };
    const get = await hookd(
      ['api', 'GET', '/api/v0/sessions', '-F', 'limit=5', '-f', 'computerId=007', '-F', 'tag[]=a', '-F', 'tag[]=b'],
      env,
    );
    expect([get.code, get.stdout, get.stderr]).toEqual([0, '{"echoed":"GET"}\n', '']);
    const post = await hookd(
      [
        'api',
        'POST',
        'api/v0/sessions/ses_1/messages',
        '-F',
        'text=hi',
        '-F',
        'urgent=true',
        '-F',
        'count=3',
        '-F',
        'nothing=null',
        '-f',
        'raw=true',
        '-F',
        'meta[source]=cli',
        '-F',
        'users[][email]=a@b.c',
        '-F',
        'users[][limit]=5',
      ],
      env,
    );
    expect(post.code).toBe(0);
    const file = path.join(dir, 'body.json');
    writeFileSync(file, '{"users": [{"email": "a@example.com", "limit": null}]}');
    const put = await hookd(
      ['api', 'PUT', '/api/v0/organization/usage/limits/users', '--input', file, '-F', 'dryRun=true'],
      env,
    );
    const piped = await hookd(
      ['api', 'PATCH', `${server.url}/base/api/v0/computers/c1`, '--input', '-'],
      env,
      '{"name": "box"}',
    );
    const app = await hookd(['api', 'GET', '/api/organization/agent-readiness-reports'], env);
    expect([put.code, piped.code, app.code]).toEqual([0, 0, 0]);
    const [r1, r2, r3, r4, r5] = server.received;
    expect([r1?.method, r1?.path, r1?.body.length, r1?.headers['content-type']]).toEqual([
      'GET',
      '/base/api/v0/sessions?limit=5&tag=a&tag=b&computerId=007',
      0,
      undefined,
    ]);
    expect([r2?.path, JSON.parse(r2?.body.toString() ?? '')]).toEqual([
      '/base/api/v0/sessions/ses_1/messages',
      {
        text: 'hi',
        urgent: true,
        count: 3,
        nothing: null,
        raw: 'true',
        meta: { source: 'cli' },
        users: [{ email: 'a@b.c', limit: 5 }],
      },
    ]);
    expect([r3?.method, r3?.path, r3?.body.toString()]).toEqual([
      'PUT',
      '/base/api/v0/organization/usage/limits/users?dryRun=true',
      '{"users": [{"email": "a@example.com", "limit": null}]}',
    ]);
    expect([r4?.method, r4?.path, r4?.body.toString(), r4?.headers['content-type']]).toEqual([
      'PATCH',
      '/base/api/v0/computers/c1',
      '{"name": "box"}',
      'application/json',
    ]);
    expect(r5?.path).toBe('/app/api/organization/agent-readiness-reports');
    expect(server.received.every((r) => r.headers.authorization === 'Bearer k')).toBe(true);
  });

  test('an error answer is printed as sent on stdout, the error in one voice on stderr, exit 1; --include shows the status and headers', async () => {
    const server = await recordingServer(() => ({
      status: 418,
      headers: { 'content-type': 'text/html', 'x-request-id': 'r-1' },
      body: '<p>short and stout</p>',
    }));
    const env = { HOOKD_API_URL: server.url, HOOKD_API_KEY: 'k', HOME: tempDir() };
    const result = await hookd(['api', 'DELETE', '/api/v0/sessions/ses_1'], env);
    expect([result.code, result.stdout, result.stderr]).toEqual([
      1,
      '<p>short and stout</p>\n',
      "hookd: I'm a Teapot: short and stout (HTTP 418)\n",
    ]);
    const included = await hookd(['api', '-i', 'GET', '/api/v0/x'], env);
    expect(included.stdout).toMatch(
      /^HTTP 418 I'm a Teapot\ncontent-type: text\/html\n[\s\S]*\nx-request-id: r-1\n[\s\S]*\n\n<p>short and stout<\/p>\n$/,
    );
  });

  test('--paginate prints every page as sent; a failed page names the field to resume with', async () => {
    const emu = await emulator({ drift: true });
    const env = { HOOKD_API_URL: emu.url, HOOKD_API_KEY: emu.key, HOME: tempDir() };
    const sessions = await hookd(['api', 'GET', '/api/v0/sessions', '--paginate'], env);
    const pages = sessions.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { sessions: { sessionId: string }[] });
    expect([sessions.code, new Set(pages.flatMap((page) => page.sessions.map((s) => s.sessionId))).size]).toEqual([
      0, 45,
    ]);
    const reports = await hookd(
      ['api', 'GET', '/api/organization/maturity-level-reports', '-F', 'limit=10', '--paginate'],
      env,
    );
    const reportPages = reports.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { reports: unknown[] });
    // Capped at 7 a page: 7, 7, 7, 4, then the empty page that ends a walk without a last-page signal.
    expect(reportPages.map((page) => page.reports.length)).toEqual([7, 7, 7, 4, 0]);
    emu.fault({ path: '/api/v0/organization/enterprise-controls/history', status: 500, detail: 'down', after: 1 });
    const broken = await hookd(['api', 'GET', '/api/v0/organization/enterprise-controls/history', '--paginate'], env);
    expect(broken.code).toBe(1);
    expect(broken.stdout.trim().split('\n')).toHaveLength(1);
    expect(broken.stderr).toMatch(
      /^hookd: Internal Server Error: down \(HTTP 500\)\nhookd: the walk stopped at page 2 \(1 page printed above\); to resume, run the same command with --raw-field cursor=\S+\n$/,
    );
  });

  test('through the daemon when no key is set here: the daemon adds its key', async () => {
    const emu = await emulator();
    const dir = tempDir();
    const proxy = await proxyServer(dir, { apiUrl: emu.url, apiKey: emu.key });
    const env = { HOOKD_SOCKET: proxy.socket, HOOKD_API_URL: 'http://127.0.0.1:9', HOME: dir };
    const result = await hookd(['api', 'GET', '/api/v0/sessions', '-F', 'limit=1'], env);
    expect([result.code, JSON.parse(result.stdout).sessions.length]).toEqual([0, 1]);
    expect(emu.hooks.requests.map((r) => r.authorized)).toEqual([true]);
  });

  test('bad input is refused before anything is sent (exit 2); the key goes to no other origin', async () => {
    const server = await recordingServer(() => json(200, {}));
    const dir = tempDir();
    writeFileSync(path.join(dir, 'bad.json'), '{nope');
    const env = { HOOKD_API_URL: server.url, HOOKD_API_KEY: 'k', HOME: dir };
    const cases: [string[], string][] = [
      [
        ['api', 'FETCH', '/api/v0/sessions'],
        'hookd: METHOD: expected GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS, got "FETCH"\n',
      ],
      [
        ['api', 'POST', '/api/v0/sessions', '--paginate'],
        'hookd: --paginate follows the pages of a GET; drop it, or use GET\n',
      ],
      [
        ['api', 'GET', 'https://elsewhere.example/api/v0/sessions'],
        'hookd: https://elsewhere.example is neither HOOKD_API_URL nor HOOKD_APP_URL, and the key goes nowhere else; give a path such as /api/v0/sessions\n',
      ],
      [['api', 'GET', '/x', '-F', 'novalue'], 'hookd: --field "novalue": expected key=value\n'],
      [
        ['api', 'GET', '/x', '-F', 'a[b]=1'],
        'hookd: --field a: a query parameter cannot hold an object; send a body with --input FILE\n',
      ],
      [
        ['api', 'POST', '/x', '--input', path.join(dir, 'bad.json')],
        `hookd: --input ${path.join(dir, 'bad.json')}: not valid JSON (the API takes JSON bodies): `,
      ],
      [
        ['api', 'POST', '/x', '-F', `text=@${path.join(dir, 'missing.txt')}`],
        `hookd: --field @${path.join(dir, 'missing.txt')}: cannot read `,
      ],
    ];
    for (const [args, stderr] of cases) {
      const result = await hookd(args, env);
      expect([args.join(' '), result.code, result.stderr.slice(0, stderr.length)]).toEqual([args.join(' '), 2, stderr]);
    }
    expect(server.received).toEqual([]);
  });
});

describe('the pieces of hookd api', () => {
  test('fields as gh reads them', () => {
    expect(parseFields(['a=1', 'b=1.5', 'c=-2e3', 'd=true', 'e=null', 'f=0x10', 'g=', 'h=a=b'], ['i=1'])).toEqual({
      a: 1,
      b: 1.5,
      c: -2000,
      d: true,
      e: null,
      f: '0x10',
      g: '',
      h: 'a=b',
      i: '1',
    });
    expect(parseFields(['x[]=1', 'x[]=2', 'o[p][q]=v', 'l[][k]=1', 'l[][j]=2', 'l[][k]=3'], [])).toEqual({
      x: [1, 2],
      o: { p: { q: 'v' } },
      l: [{ k: 1, j: 2 }, { k: 3 }],
    });
    expect(() => parseFields(['[a]=1'], [])).toThrow(/expected key=value, key\[sub\]=value or key\[\]=value/);
  });

  test('which endpoint a path is, whatever the base path', () => {
    expect(matchEndpoint('POST', '/base/api/v0/sessions/ses%201/messages')).toMatchObject({
      name: 'addMessage',
      params: { sessionId: 'ses 1' },
    });
    expect(matchEndpoint('GET', '/api/organization/maturity-level-reports')?.name).toBe('listReports');
    expect(matchEndpoint('GET', '/api/organization/agent-readiness-reports/')?.name).toBe('listReports');
    expect(matchEndpoint('POST', '/api/v0/computers/c1/install-deps')).toMatchObject({
      name: 'installDeps',
      params: { computerId: 'c1' },
    });
    expect(matchEndpoint('DELETE', '/api/v0/sessions')).toBeUndefined();
    expect(matchEndpoint('GET', '/api/v0/sessions/x/messages')).toBeUndefined();
  });
});
