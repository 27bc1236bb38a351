// The daemon's local API over its unix socket: health, status, events in and out, errors in the platform's shape.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { execa } from 'execa';
import { HOOKD } from '../helpers/paths.js';
import path from 'node:path';
import { testDaemon, stopPayload, type TestDaemon, stopTestDaemons } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { sendOversized } from '../helpers/oversized-request.js';
import { EventsSchema, HealthSchema, QueuedSchema, StatusSchema } from '../../src/server/local-api-schemas.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

async function started(hooks: object): Promise<TestDaemon> {
  const daemon = testDaemon(hooks);
  await daemon.start();
  return daemon;
}

describe('state directory', () => {
  it('refuses to start on a state directory others can write, and says how to fix it', async () => {
    const daemon = testDaemon({});
    mkdirSync(daemon.stateDir, { mode: 0o777 });
    chmodSync(daemon.stateDir, 0o777);
    const result = await execa(HOOKD, ['daemon'], { env: daemon.env, reject: false, timeout: 10_000 });
    expect(result.exitCode).toBe(1);
    expect(result.stderr.split('\n').at(-1)).toBe(
      `hookd: ${daemon.stateDir}: the state directory is writable by others; run: chmod 700 '${daemon.stateDir}'`,
    );
  });

  it('refuses bad daemon flags with one line and exit 2, before touching the state directory', async () => {
    const daemon = testDaemon({});
    const cases: Array<[string[], RegExp]> = [
      [['--concurrency', '0'], /^hookd: --concurrency must be an integer from 1 to 256, got "0"$/],
      [['--concurrency', 'lots'], /^hookd: --concurrency must be an integer from 1 to 256, got "lots"$/],
      [['--shutdown-deadline', '-1'], /^hookd: --shutdown-deadline must be a number of seconds, got "-1"$/],
      [['--tcp-port', '70000'], /^hookd: --tcp-port must be a port number from 0 to 65535, got "70000"$/],
      [['--tcp-port', 'http'], /^hookd: --tcp-port must be a port number from 0 to 65535, got "http"$/],
    ];
    for (const [args, pattern] of cases) {
      const result = await execa(HOOKD, ['daemon', ...args], { env: daemon.env, reject: false, timeout: 10_000 });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(pattern);
    }
    expect(existsSync(daemon.stateDir)).toBe(false);
  });

  it('shows the running daemon in `hookd status`', async () => {
    const daemon = await started({ Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }] });
    const result = await execa(HOOKD, ['status'], { env: daemon.env, reject: false });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^hookd \S+ running \(pid \d+, up \d+s\)$/m);
    expect(result.stdout).toContain(`settings:  ${daemon.settings}, 1 daemon hook(s)`);
    expect(result.stdout).toMatch(/queue: +0 running, 0 queued, 0 in the inbox/);
  });
});

describe('local API', () => {
  it('serves /health and /status on a socket only the user can use, in a private state directory', async () => {
    const daemon = await started({});
    expect(await daemon.request('GET', '/health')).toMatchObject({ status: 200, body: { ok: true } });
    const status = await daemon.request('GET', '/status');
    expect(status.body).toMatchObject({
      settings: { files: [{ path: daemon.settings }], daemonHooks: 0 },
      queue: { running: 0, pending: 0 },
      stateDir: daemon.stateDir,
    });
    expect(statSync(daemon.socket).mode & 0o777).toBe(0o600);
    expect(statSync(daemon.stateDir).mode & 0o777).toBe(0o700);
  });

  it('answers as the schemas that `hookd status` reads them with describe', async () => {
    const daemon = await started({ Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }] });
    expect(HealthSchema.safeParse((await daemon.request('GET', '/health')).body).error).toBeUndefined();
    const queued = await daemon.request('POST', '/events', stopPayload());
    expect(QueuedSchema.parse(queued.body).queued.map((q) => q.command)).toEqual(['true']);
    await waitFor(
      'the hook to be recorded',
      async () => EventsSchema.parse((await daemon.request('GET', '/events?limit=5')).body).events.length === 1,
    );
    const status = StatusSchema.parse((await daemon.request('GET', '/status')).body);
    expect(status.recent).toEqual([expect.objectContaining({ command: 'true', outcome: 'ok' })]);
  });

  it('queues a posted payload for every daemon hook of its event (matchers applied), or for one command', async () => {
    const out = tempDir();
    const daemon = await started({
      SessionEnd: [
        { matcher: 'error', hooks: [{ type: 'command', command: `hookd emit -- 'cat > ${out}/on-error'` }] },
        {
          hooks: [
            { type: 'command', command: `hookd emit -- 'cat > ${out}/always'` },
            { type: 'command', command: 'echo plain-is-not-ours' },
          ],
        },
      ],
    });
    const payload = JSON.stringify({ session_id: 's', hook_event_name: 'SessionEnd', reason: 'logout' });
    const posted = await daemon.request('POST', '/events', payload);
    expect(posted.status).toBe(202);
    expect((posted.body as { queued: Array<{ command: string }> }).queued.map((q) => q.command)).toEqual([
      `cat > ${out}/always`,
    ]);
    await waitFor(
      'the hook to run',
      () => existsSync(`${out}/always`) && readFileSync(`${out}/always`, 'utf8') === payload,
    );
    expect(readFileSync(`${out}/always`, 'utf8')).toBe(payload);
    expect(existsSync(`${out}/on-error`)).toBe(false);

    const one = await daemon.request(
      'POST',
      `/events?command=${encodeURIComponent(`cat > ${out}/chosen`)}`,
      stopPayload(),
    );
    expect(one.status).toBe(202);
    // The outcome, not the file: `cat >` creates the file before the run is recorded.
    const latest = async () =>
      ((await daemon.request('GET', '/events?limit=1')).body as { events: Array<{ command: string; outcome: string }> })
        .events[0];
    await waitFor('the chosen command to be recorded', async () => (await latest())?.command === `cat > ${out}/chosen`);
    expect(await latest()).toMatchObject({ command: `cat > ${out}/chosen`, outcome: 'ok' });
  });

  it('refuses bad requests in the platform error shape and writes nothing to the inbox', async () => {
    const daemon = await started({});
    const cases: Array<[string, string, string | Buffer | undefined, number, RegExp]> = [
      ['POST', '/events', '[1]', 400, /expected a JSON object, got an array/],
      ['POST', '/events', '{bad', 400, /not valid JSON/],
      ['POST', '/events', '', 400, /empty/],
      ['POST', '/events', Buffer.alloc(33 * 1024 * 1024, 32), 413, /at most 32 MiB/],
      ['POST', '/events?command=', stopPayload(), 400, /command must be a non-empty string/],
      ['GET', '/events?limit=0', undefined, 400, /limit must be an integer from 1 to 200/],
      ['GET', '/events?limit=abc', undefined, 400, /limit must be an integer/],
      ['DELETE', '/events', undefined, 405, /DELETE is not allowed/],
      ['GET', '/../../etc/passwd', undefined, 404, /no route/],
      ['GET', '/nope', undefined, 404, /no route GET \/nope/],
    ];
    for (const [method, url, body, status, detail] of cases) {
      // Over the cap: answered 413 and closed unread, so a client still writing gets EPIPE (oversized-request.ts).
      const response = Buffer.isBuffer(body)
        ? await sendOversized(daemon.socket, method, url, body)
        : await daemon.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(status);
      expect(response.body, `${method} ${url}`).toMatchObject({
        status,
        title: expect.any(String),
        detail: expect.stringMatching(detail),
      });
    }
    const inbox = path.join(daemon.stateDir, 'inbox');
    for (const dir of ['new', 'cur', 'tmp', 'rejected']) expect(readdirSync(path.join(inbox, dir)), dir).toEqual([]);
  });
});
