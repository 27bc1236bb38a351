// Reproduction of issue 22, item 5: `--all` prints each page as it arrives; a failed page ends the
// walk with what was read printed, the error, and the position to resume from (exit 1), and the
// resumed walk brings the rest; `hasMore: true` without a cursor stops with a warning; the reports
// hint is given only when more may follow.
import { describe, expect, test } from 'vitest';
import { emulator, hookd, tempDir, type TestEmulator } from '../../helpers/platform-api.js';
import { json, recordingServer } from './recording-server.js';

const cli = (emu: TestEmulator, args: string[]) =>
  hookd(args, { HOOKD_API_URL: emu.url, HOOKD_API_KEY: emu.key, HOME: tempDir() });

/** The first column of a table's rows. */
const ids = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(/\s+/)[0]);

describe('issue 22 item 5: --all streams, and a failed page says where to resume', () => {
  test('sessions: the pages read are printed, then the error and the cursor; resuming brings the rest', async () => {
    const emu = await emulator();
    emu.fault({ path: '/api/v0/sessions', status: 500, detail: 'page store down', after: 2 });
    const broken = await cli(emu, ['api', 'sessions', 'list', '--all', '--limit', '10']);
    expect(broken.code).toBe(1);
    expect(ids(broken.stdout)).toHaveLength(20);
    const lines = broken.stderr.split('\n');
    expect(lines[0]).toBe('hookd: Internal Server Error: page store down (HTTP 500)');
    const cursor =
      /^hookd: the walk stopped at page 3 \(20 sessions printed above\); to resume, run the same command with --cursor (\S+)$/.exec(
        lines[1] ?? '',
      )?.[1];
    expect(cursor).toBeDefined();
    const rest = await cli(emu, ['api', 'sessions', 'list', '--all', '--limit', '10', '--cursor', cursor as string]);
    expect(rest.code).toBe(0);
    expect(new Set([...ids(broken.stdout), ...ids(rest.stdout)]).size).toBe(45);
  });

  test('--json: one document of what was read, then the error and the cursor', async () => {
    const emu = await emulator();
    emu.fault({ path: '/api/v0/organization/enterprise-controls/history', drop: true, times: 4, after: 1 });
    const result = await cli(emu, ['api', 'controls', 'history', '--all', '--limit', '10', '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).changes.map((c: { revision: number }) => c.revision)).toEqual(
      Array.from({ length: 10 }, (_, i) => 30 - i),
    );
    expect(result.stderr).toMatch(
      /^hookd: cannot reach http:\/\/127\.0\.0\.1:\d+; check HOOKD_API_URL \/ HOOKD_APP_URL and the network \(ECONNRESET\)\nhookd: the walk stopped at page 2 \(10 changes printed\); to resume, run the same command with --cursor \S+\n$/,
    );
  });

  test('reports: resume with --start-after; the first page failing is only the error', async () => {
    const emu = await emulator();
    emu.fault({ path: '/api/organization/agent-readiness-reports', status: 503, detail: 'busy', after: 1, times: 10 });
    const broken = await cli(emu, ['api', 'reports', 'list', '--all', '--limit', '10']);
    expect([broken.code, ids(broken.stdout).length]).toEqual([1, 10]);
    const startAfter = /--start-after (\S+)\n$/.exec(broken.stderr)?.[1];
    expect(startAfter).toBe(ids(broken.stdout).at(-1));
    emu.hooks.clearFaults();
    const rest = await cli(emu, [
      'api',
      'reports',
      'list',
      '--all',
      '--limit',
      '10',
      '--start-after',
      startAfter as string,
    ]);
    expect(new Set([...ids(broken.stdout), ...ids(rest.stdout)]).size).toBe(25);
    emu.fault({ status: 500, detail: 'down' });
    const first = await cli(emu, ['api', 'reports', 'list', '--all']);
    expect([first.code, first.stdout, first.stderr]).toEqual([
      1,
      '',
      'hookd: Internal Server Error: down (HTTP 500)\n',
    ]);
  });

  test('hasMore: true with a null cursor: what was read is printed, the stop is said, exit 0', async () => {
    const session = (id: string) => ({ sessionId: id, status: 'idle', messageCount: 1, createdAt: 1, updatedAt: 1 });
    const server = await recordingServer((request) =>
      request.path.includes('cursor=')
        ? json(200, { sessions: [session('ses_2')], pagination: { hasMore: true, nextCursor: null } })
        : json(200, { sessions: [session('ses_1')], pagination: { hasMore: true, nextCursor: 'c2' } }),
    );
    const env = { HOOKD_API_URL: server.url, HOOKD_API_KEY: 'k', HOME: tempDir() };
    const all = await hookd(['api', 'sessions', 'list', '--all'], env);
    expect([all.code, ids(all.stdout)]).toEqual([0, ['ses_1', 'ses_2']]);
    expect(all.stderr).toBe(
      'hookd: warning: sessions list: the API says more follow (hasMore: true) but gives no nextCursor: stopped after 2 pages\n',
    );
    const one = await hookd(['api', 'sessions', 'list', '--cursor', 'c2'], env);
    expect([one.code, one.stderr]).toEqual([
      0,
      'hookd: warning: sessions list: the API says more sessions follow (hasMore: true) but gives no nextCursor to ask for them\n',
    ]);
  });

  test('a server that gives the same cursor twice: the walk stops with what it read, exit 1', async () => {
    const server = await recordingServer(() =>
      json(200, {
        changes: [
          {
            revision: 1,
            settings: {},
            user: { id: 'u', email: 'a@b.c', name: 'A' },
            updatedAt: '2026-01-01T00:00:00Z',
          },
        ],
        pagination: { hasMore: true, nextCursor: 'again' },
      }),
    );
    const result = await hookd(['api', 'controls', 'history', '--all'], {
      HOOKD_API_URL: server.url,
      HOOKD_API_KEY: 'k',
      HOME: tempDir(),
    });
    expect([result.code, ids(result.stdout)]).toEqual([1, ['1', '1']]);
    expect(result.stderr).toBe(
      'hookd: controls history: the API gave the cursor "again" twice; stopped\nhookd: the walk stopped after page 2 (2 changes printed above)\n',
    );
  });
});

describe('the reports hint says "more may follow" only when more may', () => {
  test('a full page has the hint; a page shorter than --limit has none', async () => {
    const emu = await emulator();
    const full = await cli(emu, ['api', 'reports', 'list', '--limit', '5']);
    expect(full.stderr).toBe(`more reports may follow: add --start-after ${ids(full.stdout).at(-1)}, or --all\n`);
    const short = await cli(emu, ['api', 'reports', 'list', '--limit', '50']);
    expect([ids(short.stdout).length, short.stderr]).toEqual([25, '']);
  });
});
