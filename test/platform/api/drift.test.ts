// Reproduction of issue 22 ("the platform API commands, as tolerant as the servers they talk to"):
// every command, run as the built binary against the emulator in its plain mode and in its drift
// mode (nulls in optional fields, unknown fields, unlisted enum values, 200 for 201, pages capped
// below the limit), prints the data it got, exits as documented, and never sends a body on a GET.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ApiClient } from '../../../src/platform/api/api-client.js';
import { collect, walkControlChanges, walkReports, walkSessions } from '../../../src/platform/api/walk-pages.js';
import { DRIFT_MAX_PAGE } from '../../../src/platform/emulator/drift.js';
import { ROOT, emulator, hookd, tempDir, type TestEmulator } from '../../helpers/platform-api.js';

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

async function setup(drift: boolean) {
  const emu = await emulator({ drift });
  const env = {
    HOOKD_API_URL: emu.url,
    HOOKD_API_KEY: emu.key,
    HOOKD_STATE_DIR: path.join(tempDir(), 'state'),
    HOME: tempDir(),
  };
  const run = (args: string[]) => hookd(args, env);
  return { emu, run };
}

/** The body as the emulator sends it, for comparing with what --json printed. */
async function sent(emu: TestEmulator, target: string): Promise<string> {
  const answer = await fetch(`${emu.url}${target}`, { headers: { authorization: `Bearer ${emu.key}` } });
  const text = await answer.text();
  // The test's own request is not one of hookd's.
  emu.hooks.requests.pop();
  return text;
}

/** No GET and no install-deps carried a body or a content type; every request said which hookd sent it. */
function expectSpecRequests(emu: TestEmulator): void {
  const requests = emu.hooks.requests;
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    expect(request.userAgent).toMatch(new RegExp(`^hookd/${VERSION.replace(/\./g, '\\.')} \\(node `));
    if (request.method === 'GET' || request.path.endsWith('/install-deps'))
      expect([request.method, request.path, request.bytes, request.contentType]).toEqual([
        request.method,
        request.path,
        0,
        undefined,
      ]);
    else expect(request.contentType).toBe('application/json');
  }
}

describe.each([
  ['plain', false],
  ['drift', true],
])('every command against the emulator in %s mode', (mode, drift) => {
  test('sessions: list, --json as sent, --all over capped pages, create, message', async () => {
    const { emu, run } = await setup(drift);
    const table = await run(['api', 'sessions', 'list', '--limit', '10']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^SESSION\s+STATUS/);
    expect(table.stdout).toContain('ses_0045');
    expect(table.stdout.trim().split('\n')).toHaveLength(1 + (drift ? DRIFT_MAX_PAGE : 10));
    // Drift is shown as sent, with a warning on stderr; nothing drifted, nothing said.
    if (drift)
      expect(table.stderr).toMatch(
        /^hookd: warning: sessions list: sessions\[\]\.sessionSettings\.tokenUsage\.serviceCredits: expected a number, got "\d+" \(\d items of the page\); shown as sent$/m,
      );
    else expect(table.stderr).toMatch(/^more sessions: add --cursor \S+, or --all\n$/);
    const json = await run(['api', 'sessions', 'list', '--limit', '5', '--json']);
    expect(json.stdout).toBe(`${await sent(emu, '/api/v0/sessions?limit=5')}\n`);
    const all = await run(['api', 'sessions', 'list', '--all', '--limit', '10', '--json']);
    expect([all.code, JSON.parse(all.stdout).sessions.length]).toEqual([0, 45]);
    const pages = emu.hooks.requests.filter(
      (r) => r.method === 'GET' && r.query.includes('limit=10') && !r.query.includes('limit=100'),
    );
    // Pages of 10 asked; a drifting server answers 7 at a time, and the walk goes on to the end.
    expect(pages.length).toBe(1 + Math.ceil(45 / (drift ? DRIFT_MAX_PAGE : 10)));
    const created = await run(['api', 'sessions', 'create', '--computer', 'cmp_002']);
    expect([created.code, created.stderr]).toEqual([0, '']);
    const id = /^created session (ses_\S+) on computer cmp_002 \((idle|archived)\)\n$/.exec(created.stdout)?.[1];
    expect(id).toBeDefined();
    // A 200 where the spec says 201 is success: one session, and no second attempt.
    expect(emu.data.sessions.filter((s) => s.computerId === 'cmp_002' && s.sessionId === id)).toHaveLength(1);
    expect(emu.hooks.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const message = await run(['api', 'sessions', 'message', id as string, 'hello']);
    expect([message.code, message.stdout]).toEqual([
      0,
      expect.stringMatching(
        new RegExp(`^message msg_\\S+ added to session ${id}; the agent is ${drift ? 'starting' : 'running'}\\n$`),
      ),
    ]);
    expectSpecRequests(emu);
  });

  test('computers: list, get, update, install-deps (and again: already running)', async () => {
    const { emu, run } = await setup(drift);
    const list = await run(['api', 'computers', 'list']);
    expect(list.code).toBe(0);
    expect(
      list.stdout
        .split('\n')
        .slice(1, 5)
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual(['cmp_004', 'cmp_003', 'cmp_002', 'cmp_001']);
    // The drifted createdAt (a date string where a number is due) is shown, and said.
    if (drift)
      expect(list.stderr).toBe(
        'hookd: warning: computers list: computers[].createdAt: expected a number, got "2026-01-02T06:00:00.000Z"; shown as sent\n',
      );
    expect(list.stdout).toMatch(/cmp_003\s+gpu-box\s+byom\s+(error|degraded)\s+gpu-box\.local\s+2026-01-02 06:00Z/);
    const got = await run(['api', 'computers', 'get', 'cmp_003']);
    expect([got.code, got.stdout]).toEqual([
      0,
      expect.stringContaining('step Install dependencies: failed (npm ci exited with code 1)'),
    ]);
    const json = await run(['api', 'computers', 'get', 'cmp_002', '--json']);
    expect(json.stdout).toBe(`${await sent(emu, '/api/v0/computers/cmp_002')}\n`);
    const updated = await run(['api', 'computers', 'update', 'cmp_004', '--name', 'renamed']);
    expect([updated.code, updated.stdout]).toEqual([0, expect.stringMatching(/^id:\s+cmp_004\nname:\s+renamed\n/)]);
    const started = await run(['api', 'computers', 'install-deps', 'cmp_003']);
    expect([started.code, started.stdout]).toEqual([0, 'install started on computer cmp_003 (provisioning)\n']);
    const again = await run(['api', 'computers', 'install-deps', 'cmp_003']);
    expect([again.code, again.stdout]).toEqual([
      0,
      'already running: an install of dependencies is in progress on computer cmp_003; nothing to do\n',
    ]);
    expectSpecRequests(emu);
  });

  test('reports, enterprise history, limits (3: partial success), and hookd api', async () => {
    const { emu, run } = await setup(drift);
    const reports = await run(['api', 'reports', 'list', '--all', '--limit', '8', '--json']);
    expect([reports.code, JSON.parse(reports.stdout).reports.length]).toEqual([0, 25]);
    const table = await run(['api', 'reports', 'list', '--limit', '3']);
    expect(table.stdout.split('\n')[0]).toMatch(/^REPORT\s+CREATED\s+REPOSITORY\s+BRANCH\s+SCORE$/);
    expect(table.stdout.trim().split('\n')).toHaveLength(4);
    const history = await run(['api', 'controls', 'history', '--all', '--limit', '9']);
    expect(history.code).toBe(0);
    expect(
      history.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => Number(line.split(/\s+/)[0])),
    ).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    // The first change's ISO date drifted to Unix milliseconds: it reads the same.
    expect(history.stdout).toMatch(/\n30\s+2026-01-10 13:00Z\s+admin2@example\.com\s+sessionRetentionDays/);
    const limits = await run(['api', 'limits', 'set', 'ann@example.com=10', 'eve@other.org=5']);
    expect([limits.code, limits.stdout]).toEqual([3, expect.stringContaining('1 updated, 1 failed')]);
    const all = await run(['api', 'limits', 'set', 'ann@example.com=10', '--json']);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.stdout).updated).toEqual([expect.objectContaining({ email: 'ann@example.com', limit: 10 })]);
    const raw = await run(['api', 'GET', '/api/v0/organization/enterprise-controls/history', '--field', 'limit=2']);
    expect([raw.code, raw.stdout]).toEqual([
      0,
      `${await sent(emu, '/api/v0/organization/enterprise-controls/history?limit=2')}\n`,
    ]);
    const paged = await run(['api', 'get', '/api/v0/sessions', '-F', 'limit=20', '--paginate']);
    const bodies = paged.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { sessions: unknown[] });
    expect([paged.code, bodies.flatMap((body) => body.sessions).length]).toEqual([0, 45]);
    expectSpecRequests(emu);
  });

  test(`the typed client reads every list in ${mode} mode, drift said through onWarning`, async () => {
    const emu = await emulator({ drift });
    const warnings: string[] = [];
    const client = new ApiClient({
      apiUrl: emu.url,
      apiKey: emu.key,
      timeoutMs: 5_000,
      onWarning: (text) => warnings.push(text),
    });
    expect(await collect(walkSessions(client, { limit: 10 }))).toHaveLength(45);
    expect(await collect(walkReports(client, { limit: 10 }))).toHaveLength(25);
    expect((await collect(walkControlChanges(client, { limit: 10 }))).map((c) => c.revision)).toEqual(
      Array.from({ length: 30 }, (_, i) => 30 - i),
    );
    const created = await client.createSession({ computerId: 'cmp_001' });
    expect(created.sessionId).toMatch(/^ses_/);
    expect((await client.installDeps('cmp_001')).started).toBe(true);
    expect((await client.setUserLimits([{ email: 'a@example.com', limit: 1 }])).updated).toHaveLength(1);
    if (drift) expect(warnings.length).toBeGreaterThan(0);
    else expect(warnings).toEqual([]);
  });
});
