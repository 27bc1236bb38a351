// Reliability: security. Nobody else gets in, and the API key never leaks, whatever the request.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chownSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { makeKey } from '../helpers/platform-api.js';
import { startEmulator, type RunningEmulator } from '../../src/platform/emulator/start-emulator.js';
import type { TestHooks } from '../../src/platform/emulator/test-faults.js';
import { testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, filesUnder } from '../helpers/temp-dir.js';
import { HOOKD } from '../helpers/paths.js';

describe('the state directory', () => {
  afterEach(cleanupTempDirs);

  it('refuses a state directory that another user owns', async () => {
    const daemon = testDaemon({});
    mkdirSync(daemon.stateDir, { mode: 0o700 });
    // The tests run as root on CI; elsewhere they cannot give a directory away, and the check is moot.
    const uid = process.getuid?.();
    chownSync(daemon.stateDir, uid === 0 ? 65534 : uid!, uid === 0 ? 65534 : process.getgid!());
    const result = await execa(HOOKD, ['daemon'], { env: daemon.env, reject: false, timeout: 10_000 });
    if (uid === 0) {
      expect(result.exitCode).toBe(1);
      expect(result.stderr.split('\n').at(-1)).toBe(
        `hookd: ${daemon.stateDir}: the state directory belongs to another user (uid 65534); use your own with --state-dir or HOOKD_STATE_DIR`,
      );
    } else {
      expect(result.stderr).not.toMatch(/belongs to another user/);
    }
  });

  it('keeps the inbox, history and socket private to the user', async () => {
    const daemon = testDaemon({});
    await daemon.start();
    await daemon.emit('true', JSON.stringify({ session_id: 's', hook_event_name: 'Stop' }));
    for (const dir of [
      daemon.stateDir,
      ...['tmp', 'new', 'cur', 'rejected'].map((d) => path.join(daemon.stateDir, 'inbox', d)),
    ]) {
      expect(statSync(dir).mode & 0o077, dir).toBe(0);
    }
    // The daemon is at work meanwhile (the event's record is claimed, then removed): a file gone is not a leak.
    const files = filesUnder(daemon.stateDir).map((file) => ({
      file,
      mode: statSync(file, { throwIfNoEntry: false })?.mode,
    }));
    expect(files.length).toBeGreaterThan(0);
    for (const { file, mode } of files) if (mode !== undefined) expect(mode & 0o077, file).toBe(0);
    await daemon.kill9();
  });
});

describe('the proxy under hostile requests', () => {
  let emu: RunningEmulator & { key: string };
  let daemon: TestDaemon;
  let tried = 0;

  beforeAll(async () => {
    const key = makeKey();
    emu = { ...(await startEmulator({ key, testHooks: true, runMs: 60_000 })), key };
    daemon = testDaemon({});
    Object.assign(daemon.env, { HOOKD_API_URL: emu.url, HOOKD_API_KEY: emu.key });
    await daemon.start();
  });
  afterAll(async () => {
    await daemon?.kill9();
    await emu?.close();
    cleanupTempDirs();
    console.log(`proxy: ${tried} hostile requests tried`);
  });

  it('refuses bad bodies and odd session ids locally, forwards only its three routes, and never shows the key', async () => {
    const sessionId = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('..', '../computers', '%2e%2e', '..%2fcomputers', 'a/b', '?x=1', '#frag', 'ses_0001'),
    );
    const body = fc.oneof(
      fc.string({ maxLength: 100 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? ''),
      fc
        .record({ text: fc.jsonValue(), images: fc.jsonValue(), computerId: fc.jsonValue() }, { requiredKeys: [] })
        .map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(
        sessionId,
        body,
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.boolean(),
        async (id, text, method, toMessages) => {
          tried++;
          // Traversal-like ids go raw; anything else is percent-encoded, as any HTTP client must.
          const raw = /^[A-Za-z0-9._~%/?#=-]*$/.test(id) ? id : encodeURIComponent(id);
          const urlPath = toMessages ? `/api/v0/sessions/${raw}/messages` : `/api/v0/sessions`;
          const response = await daemon.request(method, urlPath, method === 'GET' ? undefined : text);
          expect([200, 201, 400, 404, 405, 413]).toContain(response.status);
          expect(JSON.stringify(response.body)).not.toContain(emu.key);
          if (response.status >= 400)
            expect(response.body).toMatchObject({
              status: response.status,
              title: expect.any(String),
              detail: expect.any(String),
            });
        },
      ),
      { numRuns: 300 },
    );
    const seen = (emu.testHooks as TestHooks).requests;
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) expect(request.path).toMatch(/^\/api\/v0\/sessions(\/[^/]+\/messages)?$/);
    await daemon.stop();
    for (const file of filesUnder(daemon.stateDir)) expect(readFileSync(file, 'utf8'), file).not.toContain(emu.key);
    expect(daemon.logs()).not.toContain(emu.key);
  }, 120_000);
});
