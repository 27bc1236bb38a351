// Reproduction of issue 11 item 12, the smaller ones: `chmod 000` on the state directory was
// reported as "hookd.sock was deleted"; `POST /events` read 300 MiB before its 413;
// `?command=a&command=b` silently ran `a`; `limit=0x10`, `1e2` and `" 5"` were taken as numbers.
// (The duplicate window is in test/daemon/pipeline/duplicates.test.ts; --socket and the lock in daemon-lock.test.ts.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, chownSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { stopTestDaemons, testDaemon, stopPayload, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';
import { asOtherUser, isRoot, otherUser } from '../helpers/second-user.js';
import { requestDaemon } from '../../src/server/socket-client.js';
import { MAX_PAYLOAD_BYTES } from '../../src/payload/parse-payload.js';

/** Send `head` (and then `chunks`) on the daemon's socket and resolve with the first line of its answer, without ending the request. */
function rawRequest(
  socketPath: string,
  head: string,
  chunks: Buffer[] = [],
): { answer: Promise<string>; close: () => void } {
  const socket = connect(socketPath);
  socket.on('error', () => undefined);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\r\n')) resolve(text.split('\r\n')[0]!);
    });
  });
  socket.write(head);
  for (const chunk of chunks) socket.write(chunk);
  return { answer, close: () => socket.destroy() };
}

describe('the local API refuses early and exactly', () => {
  let daemon: TestDaemon;
  beforeAll(async () => {
    daemon = testDaemon({});
    await daemon.start();
  });
  afterAll(async () => {
    await daemon.kill9();
    cleanupTempDirs();
  });

  it('POST /events announcing 300 MiB gets its 413 before a byte of the body is sent', async () => {
    const request = rawRequest(
      daemon.socket,
      `POST /events?command=true HTTP/1.1\r\nhost: hookd\r\ncontent-type: application/json\r\ncontent-length: ${300 * 1024 * 1024}\r\n\r\n`,
    );
    try {
      expect(await waitFor('the 413', () => request.answer)).toBe('HTTP/1.1 413 Payload Too Large');
    } finally {
      request.close();
    }
  });

  it('POST /events with a chunked body: 413 once the cap is passed, without waiting for the rest', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 32);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const count = MAX_PAYLOAD_BYTES / chunk.length + 1;
    const request = rawRequest(
      daemon.socket,
      'POST /events?command=true HTTP/1.1\r\nhost: hookd\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n',
      Array.from({ length: count }, () => frame),
    );
    try {
      expect(await waitFor('the 413', () => request.answer, 20_000)).toBe('HTTP/1.1 413 Payload Too Large');
    } finally {
      request.close();
    }
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });

  it('a repeated query parameter is refused with 400, and nothing is queued', async () => {
    const answer = await daemon.request('POST', '/events?command=a&command=b', stopPayload());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ detail: 'command is given 2 times; give it once' });
    expect(readdirSync(path.join(daemon.stateDir, 'inbox', 'new'))).toEqual([]);
    expect((await daemon.request('GET', '/events?limit=5&limit=6')).status).toBe(400);
  });

  it('an integer parameter is plain decimal digits: 0x10, 1e2, " 5", 5.0, -1 and "" are refused', async () => {
    for (const raw of ['0x10', '1e2', '%205', '5%20', '5.0', '-1', '', '0', '201', '99999999999999999999']) {
      const answer = await daemon.request('GET', `/events?limit=${raw}`);
      expect(answer.status, raw).toBe(400);
      expect(answer.body, raw).toMatchObject({
        detail: expect.stringContaining('limit must be an integer from 1 to 200 in decimal digits'),
      });
    }
    expect((await daemon.request('GET', '/events?limit=5')).status).toBe(200);
  });

  it('GET /runs and /runs/stream read their parameters by the same rule: 0x10 and a repeated one are refused', async () => {
    for (const [url, detail] of [
      ['/runs?limit=0x10', 'limit must be an integer from 1 to 1000 in decimal digits, got "0x10"'],
      ['/runs?limit=1e2', 'limit must be an integer from 1 to 1000 in decimal digits, got "1e2"'],
      ['/runs?event=a&event=b', 'event is given 2 times; give it once'],
      ['/runs?limit=5&limit=6', 'limit is given 2 times; give it once'],
      ['/runs/stream?outcome=ok&outcome=failed', 'outcome is given 2 times; give it once'],
    ]) {
      const answer = await daemon.request('GET', url!);
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toMatchObject({ status: 400, detail });
    }
    expect((await daemon.request('GET', '/runs?limit=16&event=Stop')).status).toBe(200);
  });
});

describe('a state directory the daemon can no longer reach', () => {
  afterEach(async () => {
    await stopTestDaemons();
    cleanupTempDirs();
  });

  // Root reads through any mode, so the daemon runs as the second local user, which only root can make.
  it.runIf(isRoot)(
    'chmod 000 on the state directory: the daemon stops saying permission denied, not "deleted"',
    async () => {
      const uid = await otherUser();
      const base = tempDir();
      chmodSync(base, 0o755);
      const [state, home] = [path.join(base, 'state'), path.join(base, 'home')];
      for (const dir of [state, home]) {
        mkdirSync(dir, { mode: 0o700 });
        chownSync(dir, uid, uid);
      }
      const settings = path.join(base, 'settings.json');
      writeFileSync(settings, JSON.stringify({ hooks: {} }), { mode: 0o644 });
      const run = asOtherUser([HOOKD, 'daemon'], {
        env: { HOME: home, HOOKD_STATE_DIR: state, HOOKD_SETTINGS: settings, PATH: process.env.PATH! },
      });
      try {
        await waitFor('the daemon to answer', () =>
          requestDaemon(path.join(state, 'hookd.sock'), 'GET', '/health').then(
            (r) => r.status === 200,
            () => false,
          ),
        );
        chmodSync(state, 0o000);
        const result = await run;
        expect(result.exitCode).toBe(1);
        expect(result.stderr).toContain(
          `hookd: ${state}: permission denied: the daemon can no longer reach its files (was the mode of ${state} changed? run: chmod 700 '${state}'); stopping`,
        );
        expect(result.stderr).not.toMatch(/was deleted/);
      } finally {
        run.kill('SIGKILL');
        await run;
      }
    },
  );
});
