// The built binary, run as a child process the way a person runs it, against the emulator: every
// API command, tables and --json, --all walks, local refusal (exit 2), API errors (exit 1), the
// 150-user limits file, the daemon's proxy when no key is set here, and `hookd api emulator` itself.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, test } from 'vitest';
import {
  BIN,
  emulator,
  filesContaining,
  hookd,
  makeKey,
  proxyServer,
  tempDir,
  type TestEmulator,
} from '../../helpers/platform-api.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf00000301010018dd8db40000000049454e44ae426082',
  'hex',
);

async function setup() {
  const dir = tempDir();
  const emu = await emulator();
  const outputs: string[] = [];
  const env = { HOOKD_API_URL: emu.url, HOOKD_API_KEY: emu.key, HOOKD_STATE_DIR: path.join(dir, 'state'), HOME: dir };
  const run = async (args: string[], extra: Record<string, string | undefined> = {}) => {
    const result = await hookd(args, { ...env, ...extra });
    outputs.push(result.stdout, result.stderr);
    return result;
  };
  // The key must never be printed, whatever the command did.
  const noKeyPrinted = () => expect(outputs.join('\n')).not.toContain(emu.key);
  return { dir, emu, env, run, noKeyPrinted };
}

function upstream(emu: TestEmulator, method?: string) {
  return emu.hooks.requests.filter((r) => !method || r.method === method);
}

describe('hookd api sessions', () => {
  test('list: a table, --json as the API answers, --all walks every page', async () => {
    const { emu, run, noKeyPrinted } = await setup();
    const table = await run(['api', 'sessions', 'list', '--limit', '3']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^SESSION\s+STATUS\s+MESSAGES\s+UPDATED\s+COMPUTER\s+TITLE$/);
    expect(table.stdout).toContain('ses_0045  idle');
    expect(table.stderr).toMatch(/more sessions: add --cursor \S+, or --all/);
    const json = JSON.parse(
      (await run(['api', 'sessions', 'list', '--limit', '2', '--computer', 'cmp_001', '--json'])).stdout,
    );
    expect(json.sessions.map((s: { computerId: string }) => s.computerId)).toEqual(['cmp_001', 'cmp_001']);
    expect(json.pagination).toEqual({ hasMore: true, nextCursor: expect.any(String) });
    const next = JSON.parse(
      (await run(['api', 'sessions', 'list', '--limit', '2', '--cursor', json.pagination.nextCursor, '--json'])).stdout,
    );
    expect(next.sessions).toHaveLength(2);
    emu.hooks.requests.length = 0;
    const all = JSON.parse((await run(['api', 'sessions', 'list', '--all', '--limit', '10', '--json'])).stdout);
    expect(all.sessions).toHaveLength(45);
    expect(upstream(emu)).toHaveLength(5);
    noKeyPrinted();
  });

  test('create and message with an image and a file', async () => {
    const { dir, emu, run, noKeyPrinted } = await setup();
    const created = await run([
      'api',
      'sessions',
      'create',
      '--computer',
      'cmp_002',
      '--cwd',
      '/srv/app',
      '--settings-json',
      '{"model":"m","autonomyLevel":"high"}',
      '--json',
    ]);
    expect(created.code).toBe(0);
    const session = JSON.parse(created.stdout);
    expect(session).toMatchObject({
      computerId: 'cmp_002',
      status: 'idle',
      sessionSettings: { autonomyLevel: 'high' },
    });
    writeFileSync(path.join(dir, 'shot.bin'), PNG);
    writeFileSync(path.join(dir, 'notes.md'), '# notes\n');
    const message = await run([
      'api',
      'sessions',
      'message',
      session.sessionId,
      'look at this',
      '--image',
      path.join(dir, 'shot.bin'),
      '--file',
      path.join(dir, 'notes.md'),
    ]);
    expect(message.stdout).toMatch(
      new RegExp(`^message msg_\\S+ added to session ${session.sessionId}; the agent is running\\n$`),
    );
    expect(upstream(emu, 'POST').at(-1)?.bytes).toBeGreaterThan(PNG.length);
    noKeyPrinted();
  });

  test('bad input is refused locally with exit 2 and nothing is sent', async () => {
    const { dir, emu, run } = await setup();
    writeFileSync(path.join(dir, 'notes.txt'), 'text');
    const cases: [string[], RegExp][] = [
      [['api', 'sessions', 'list', '--limit', '0'], /limit: expected a whole number from 1 to 100/],
      [['api', 'sessions', 'create', '--computer', 'cmp_001', '--cwd', 'x'.repeat(4097)], /cwd: expected 1 to 4096/],
      [
        ['api', 'sessions', 'create', '--computer', 'cmp_001', '--settings-json', '{"tokenUsage":{}}'],
        /tokenUsage: is returned by the API only/,
      ],
      [
        ['api', 'sessions', 'create', '--computer', 'cmp_001', '--settings-json', '[1]'],
        /--settings-json: expected a JSON object/,
      ],
      [
        ['api', 'sessions', 'create', '--computer', 'cmp_001', '--settings-json', 'null'],
        /--settings-json: expected a JSON object/,
      ],
      [
        ['api', 'sessions', 'create', '--computer', 'cmp_001', '--settings-json', '{model:'],
        /--settings-json: not valid JSON/,
      ],
      [['api', 'controls', 'history', '--cursor', ''], /cursor/],
      [
        ['api', 'sessions', 'message', 'ses_0001', 'hi', '--image', path.join(dir, 'notes.txt')],
        /not an image \(text\/plain\); attach it with --file/,
      ],
      [['api', 'sessions', 'message', 'ses_0001', 'hi', '--file', path.join(dir, 'missing.pdf')], /cannot read it/],
      [['api', 'computers', 'update', 'cmp_004'], /nothing to update/],
      [['api', 'computers', 'update', 'cmp_004', '--name', 'n'.repeat(64)], /name: expected a name of 1 to 63/],
      [['api', 'computers', 'update', 'cmp_004', '--remote-user', ''], /remoteUser/],
      [['api', 'computers', 'update', 'cmp_004', '--host-id', 'abc'], /hostId: expected a UUID/],
      [['api', 'reports', 'list', '--limit', '0'], /limit: expected a positive whole number/],
      [['api', 'controls', 'history', '--limit', '101'], /limit/],
      [['api', 'limits', 'set', 'alice@example.com'], /expected EMAIL=LIMIT/],
      [['api', 'limits', 'set', 'alice@example.com=lots'], /expected a whole number of credits or none/],
      [['api', 'limits', 'set', 'not-an-email=5'], /email: expected an e-mail address/],
      [['api', 'limits', 'set'], /no users/],
    ];
    for (const [args, message] of cases) {
      const result = await run(args);
      expect([args.join(' '), result.code]).toEqual([args.join(' '), 2]);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(emu.hooks.requests).toEqual([]);
  });
});

describe('hookd api computers, reports, controls', () => {
  test('computers list, get, update, install-deps (409 is "already running", exit 0)', async () => {
    const { emu, run, noKeyPrinted } = await setup();
    const list = await run(['api', 'computers', 'list']);
    expect(
      list.stdout
        .split('\n')
        .slice(1, 5)
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual(['cmp_004', 'cmp_003', 'cmp_002', 'cmp_001']);
    const got = await run(['api', 'computers', 'get', 'cmp_003']);
    expect(got.stdout).toMatch(/status:\s+error/);
    expect(got.stdout).toContain('step Install dependencies: failed (npm ci exited with code 1)');
    const updated = JSON.parse(
      (
        await run([
          'api',
          'computers',
          'update',
          'cmp_004',
          '--name',
          'box',
          '--host-id',
          '7c9e6679-7425-40de-944b-e07fc1f90ae7',
          '--remote-user',
          'ops',
          '--json',
        ])
      ).stdout,
    );
    expect(updated).toMatchObject({ name: 'box', hostId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', remoteUser: 'ops' });
    const started = await run(['api', 'computers', 'install-deps', 'cmp_003']);
    expect([started.code, started.stdout]).toEqual([0, 'install started on computer cmp_003 (provisioning)\n']);
    const again = await run(['api', 'computers', 'install-deps', 'cmp_003']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(
      'already running: an install of dependencies is in progress on computer cmp_003; nothing to do\n',
    );
    expect(upstream(emu, 'POST')).toHaveLength(2);
    noKeyPrinted();
  });

  test('reports and enterprise history: tables, --all walks three pages or more', async () => {
    const { emu, run, noKeyPrinted } = await setup();
    const table = await run(['api', 'reports', 'list', '--limit', '2']);
    expect(table.stdout.split('\n')[0]).toMatch(/^REPORT\s+CREATED\s+REPOSITORY\s+BRANCH\s+SCORE$/);
    expect(table.stderr).toMatch(/--start-after [0-9a-f-]{36}/);
    emu.hooks.requests.length = 0;
    const reports = JSON.parse((await run(['api', 'reports', 'list', '--all', '--limit', '8', '--json'])).stdout);
    expect(reports.reports).toHaveLength(25);
    // Pages of 8, 8, 8 and 1, then the empty page that ends the walk.
    expect(upstream(emu).filter((r) => r.path.endsWith('agent-readiness-reports'))).toHaveLength(5);
    const history = await run(['api', 'controls', 'history', '--limit', '2']);
    expect(history.stdout).toMatch(/^REVISION\s+UPDATED\s+BY\s+SETTINGS\n30\s/);
    emu.hooks.requests.length = 0;
    const all = JSON.parse((await run(['api', 'controls', 'history', '--all', '--limit', '7', '--json'])).stdout);
    expect(all.changes.map((c: { revision: number }) => c.revision)).toEqual(
      Array.from({ length: 30 }, (_, i) => 30 - i),
    );
    expect(upstream(emu)).toHaveLength(5);
    noKeyPrinted();
  });
});

describe('hookd api limits set', () => {
  test('a 150-user file goes in two batches and the results are merged', async () => {
    const { dir, emu, run, noKeyPrinted } = await setup();
    const file = path.join(dir, 'limits.txt');
    const lines = Array.from({ length: 150 }, (_, i) => `user${i}@example.com=${i * 10}`);
    writeFileSync(file, `# monthly credits\n${lines.join('\n')}\n\n`);
    const result = await run(['api', 'limits', 'set', '--file', file, '--json']);
    expect(result.code).toBe(0);
    const merged = JSON.parse(result.stdout);
    expect(merged.updated).toHaveLength(150);
    expect(merged.updated[149]).toEqual({ email: 'user149@example.com', limit: 1490 });
    expect(merged.errors).toEqual([]);
    expect(upstream(emu, 'PUT').map((r) => r.bytes > 0)).toEqual([true, true]);
    noKeyPrinted();
  });

  test('a batch that fails after others went through says what was sent', async () => {
    const { dir, emu, run } = await setup();
    const file = path.join(dir, 'limits.txt');
    writeFileSync(file, Array.from({ length: 120 }, (_, i) => `user${i}@example.com=5`).join('\n'));
    emu.fault({ method: 'PUT', status: 500, detail: 'limits store down', after: 1 });
    const result = await run(['api', 'limits', 'set', '--file', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'hookd: batch 2 of 2 failed: Internal Server Error: limits store down (HTTP 500); users 1 to 100 were sent before (100 updated, 0 failed); setting a limit twice is harmless, so run the same command again\n',
    );
    expect(upstream(emu, 'PUT')).toHaveLength(2);
  });

  test('arguments, none, a JSON file, and per-user failures: partial success exits 3, none updated exits 1', async () => {
    const { dir, run } = await setup();
    const file = path.join(dir, 'limits.json');
    writeFileSync(file, JSON.stringify([{ email: 'carol@example.com', limit: 7 }]));
    const result = await run([
      'api',
      'limits',
      'set',
      'ann@example.com=100',
      'bob@example.com=none',
      'eve@other.org=5',
      '--file',
      file,
    ]);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/ann@example\.com\s+limit 100/);
    expect(result.stdout).toMatch(/bob@example\.com\s+override removed/);
    expect(result.stdout).toMatch(/carol@example\.com\s+limit 7/);
    expect(result.stdout).toMatch(/eve@other\.org\s+error: no member/);
    expect(result.stdout).toContain('3 updated, 1 failed');
    const none = await run(['api', 'limits', 'set', 'eve@other.org=5']);
    expect([none.code, none.stdout]).toEqual([1, expect.stringContaining('0 updated, 1 failed')]);
    writeFileSync(file, 'ok@example.com=1\nbroken line\n');
    const bad = await run(['api', 'limits', 'set', '--file', file]);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      `hookd: ${file}:2: expected EMAIL=LIMIT (a whole number, or none), got "broken line"\n`,
    ]);
  });
});

describe('errors', () => {
  test('API errors exit 1 with title: detail (HTTP status)', async () => {
    const { emu, run, noKeyPrinted } = await setup();
    const missing = await run(['api', 'computers', 'get', 'cmp_999']);
    expect([missing.code, missing.stderr]).toEqual([
      1,
      'hookd: Not Found: computer cmp_999 was not found (HTTP 404); hookd api computers list shows the computers there are\n',
    ]);
    const denied = await run(['api', 'computers', 'list'], { HOOKD_API_KEY: 'wrong' });
    expect([denied.code, denied.stderr]).toEqual([
      1,
      'hookd: Unauthorized: missing or invalid API key; send Authorization: Bearer <API_KEY> (HTTP 401); check the key (HOOKD_API_KEY, or the file HOOKD_API_KEY_FILE names)\n',
    ]);
    emu.fault({ status: 500, detail: 'try later' });
    const failed = await run(['api', 'sessions', 'create', '--computer', 'cmp_001']);
    expect([failed.code, failed.stderr]).toEqual([1, 'hookd: Internal Server Error: try later (HTTP 500)\n']);
    emu.fault({ path: '/api/v0/computers', status: 429, retryAfter: '1' });
    const retried = await run(['api', 'computers', 'list', '--json']);
    expect(retried.code).toBe(0);
    noKeyPrinted();
  });

  test('no key and no daemon: exit 2 saying what to set', async () => {
    const { run } = await setup();
    for (const args of [
      ['api', 'sessions', 'list'],
      ['api', 'computers', 'list'],
    ]) {
      const result = await run(args, { HOOKD_API_KEY: undefined });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^hookd: no API key: set HOOKD_API_KEY, or HOOKD_API_KEY_FILE/);
    }
  });

  test('a key file others can read is refused', async () => {
    const { dir, run } = await setup();
    const file = path.join(dir, 'key');
    writeFileSync(file, makeKey(), { mode: 0o640 });
    const result = await run(['api', 'computers', 'list'], { HOOKD_API_KEY: undefined, HOOKD_API_KEY_FILE: file });
    expect([result.code, result.stderr]).toEqual([
      2,
      `hookd: HOOKD_API_KEY_FILE: ${file} is readable by group or others (mode 0640); run: chmod 600 ${file}\n`,
    ]);
  });
});

describe('through the daemon', () => {
  test('without a key here, session commands go through the proxy on the socket; others do not', async () => {
    const { dir, emu, run, noKeyPrinted } = await setup();
    const proxy = await proxyServer(dir, { apiUrl: emu.url, apiKey: emu.key });
    const env = { HOOKD_API_KEY: undefined, HOOKD_API_URL: 'http://127.0.0.1:9', HOOKD_SOCKET: proxy.socket };
    const list = await run(['api', 'sessions', 'list', '--all', '--limit', '20', '--json'], env);
    expect(JSON.parse(list.stdout).sessions).toHaveLength(45);
    const created = JSON.parse(
      (await run(['api', 'sessions', 'create', '--computer', 'cmp_001', '--json'], env)).stdout,
    );
    const message = await run(['api', 'sessions', 'message', created.sessionId, 'hi from a hook'], env);
    expect(message.stdout).toContain('the agent is running');
    expect(emu.hooks.requests.every((r) => r.authorized)).toBe(true);
    expect(emu.hooks.requests).toHaveLength(5);
    const other = await run(['api', 'computers', 'list'], env);
    expect(other.code).toBe(2);
    noKeyPrinted();
    expect(proxy.logs()).not.toContain(emu.key);
    expect(filesContaining(dir, emu.key)).toEqual([]);
  });

  test('a stale socket says the daemon is not answering', async () => {
    const { dir, run } = await setup();
    const proxy = await proxyServer(dir, { apiUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    const down = await run(['api', 'sessions', 'list'], { HOOKD_API_KEY: undefined, HOOKD_SOCKET: proxy.socket });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^hookd: Bad Gateway: cannot reach the platform API at http:\/\/127\.0\.0\.1:9/m);
  });
});

describe('hookd api emulator', () => {
  test('runs as a child process, prints its URL, serves the commands, stops on SIGTERM', async () => {
    const dir = tempDir();
    const key = makeKey();
    const child = execa(BIN, ['api', 'emulator', '--port', '0', '--key', key, '--test-hooks'], {
      env: { PATH: process.env.PATH },
      extendEnv: false,
      reject: false,
      timeout: 20_000,
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(seen);
          if (match?.[1]) resolve(match[1]);
        });
        child.on('exit', () => reject(new Error(`hookd api emulator exited before printing its URL: ${seen}`)));
      });
      const fault = await fetch(`${url}/__emulator/faults`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: JSON.stringify({ path: '/api/v0/computers', status: 429, retryAfter: '1' }),
      });
      expect(fault.status).toBe(201);
      const result = await hookd(['api', 'computers', 'list', '--json'], {
        HOOKD_API_URL: url,
        HOOKD_API_KEY: key,
        HOME: dir,
      });
      expect(JSON.parse(result.stdout).computers).toHaveLength(4);
      const log = (await (
        await fetch(`${url}/__emulator/requests`, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as { requests: unknown[] };
      expect(log.requests).toHaveLength(2);
      expect(result.stdout + result.stderr).not.toContain(key);
    } finally {
      child.kill('SIGTERM');
    }
    const ended = await child;
    expect(ended.exitCode).toBe(0);
    expect(String(ended.stdout)).not.toContain(key);
  });
});
