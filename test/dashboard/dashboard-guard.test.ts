// The live page's gate, request by request (issue 12 item 5, "bad input"; issue 21 items 3 and 4):
// the one-time link, the session header, the Host and the Origin; no CORS; the bearer-token routes stay behind the
// token; 100 pages' streams at once; and `hookd dashboard` itself.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { bridgeOnStop, stopPayload, stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookd } from '../helpers/run-hookd.js';
import { dashboardLink, send, signIn } from './dashboard-helpers.js';
import { toolbox } from '../helpers/toolbox.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

async function failedRun() {
  const daemon = testDaemon(bridgeOnStop('echo no >&2; exit 4', 10));
  await daemon.start();
  await daemon.emit('echo no >&2; exit 4', stopPayload());
  await waitFor('the failed run', () => daemon.history().some((line) => line.outcome === 'failed'));
  return { daemon, id: String(daemon.history()[0]!.eventId) };
}

describe('the dashboard gate', () => {
  it('trades the link’s ticket for a session once, from the page’s own origin, and refuses data requests without it', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const link = await dashboardLink(daemon);
    expect(link.hostname).toBe('127.0.0.1');
    // In the fragment: no request line carries it.
    expect(link.search).toBe('');
    const port = Number(link.port);
    const ticket = new URLSearchParams(link.hash.slice(1)).get('ticket')!;
    const origin = `http://127.0.0.1:${port}`;
    // Not from another origin, nor without one.
    expect(
      (
        await send(port, 'POST', '/dashboard/api/sign-in', {
          origin: `http://127.0.0.1:${port + 1}`,
          'x-hookd-ticket': ticket,
        })
      ).status,
    ).toBe(403);
    expect((await send(port, 'POST', '/dashboard/api/sign-in', { 'x-hookd-ticket': ticket })).status).toBe(403);
    const first = await send(port, 'POST', '/dashboard/api/sign-in', { origin, 'x-hookd-ticket': ticket });
    expect(first.status).toBe(201);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await send(port, 'POST', '/dashboard/api/sign-in', { origin, 'x-hookd-ticket': ticket })).status).toBe(403);
    for (const where of [
      '/dashboard/api/status',
      '/dashboard/api/runs',
      '/dashboard/api/runs/stream',
      '/dashboard/api/session',
    ]) {
      expect((await send(port, 'GET', where)).status, where).toBe(401);
      expect((await send(port, 'GET', where, { 'x-hookd-session': 'forged' })).status, where).toBe(401);
    }
    const { auth } = await signIn(daemon);
    // The page itself holds no data: served to anyone with the listener's Host.
    const page = await send(port, 'GET', '/dashboard/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await send(port, 'GET', '/dashboard/api/status', auth)).status).toBe(200);
  });

  it('refuses a foreign Host, even with the session (DNS rebinding)', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const { port, auth } = await signIn(daemon);
    for (const host of [`evil.example:${port}`, `127.0.0.1:${port + 1}`, 'localhost', `127.0.0.1.nip.io:${port}`]) {
      expect((await send(port, 'GET', '/dashboard/api/status', { ...auth, host })).status, host).toBe(421);
    }
    expect((await send(port, 'GET', '/dashboard/api/status', { ...auth, host: `localhost:${port}` })).status).toBe(200);
  });

  it('runs a retry only from its own origin with the session; answers no CORS', async () => {
    const { daemon, id } = await failedRun();
    const { port, auth } = await signIn(daemon);
    const retry = (headers: Record<string, string>) => send(port, 'POST', `/dashboard/api/runs/${id}/retry`, headers);
    const origin = `http://127.0.0.1:${port}`;
    expect((await retry(auth)).status).toBe(403);
    expect((await retry({ ...auth, origin: 'http://evil.example' })).status).toBe(403);
    expect((await retry({ ...auth, origin: `http://127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await retry({ ...auth, origin: 'null' })).status).toBe(403);
    expect((await retry({ origin })).status).toBe(401);
    expect(daemon.history().filter((line) => line.retryOf)).toEqual([]);
    const preflight = await send(port, 'OPTIONS', `/dashboard/api/runs/${id}/retry`, {
      origin: 'http://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-hookd-session',
    });
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const done = await retry({ ...auth, origin });
    expect(done.status).toBe(202);
    expect(Object.keys(done.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    await waitFor('the retried run', () => daemon.history().some((line) => line.retryOf === id));
  });

  it('reaches only the page’s routes: not the ticket, events, metrics or a path that climbs out', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const { port, auth } = await signIn(daemon);
    expect((await send(port, 'POST', '/dashboard-ticket', auth)).status).toBe(401);
    expect((await send(port, 'GET', '/dashboard/api/metrics', auth)).status).toBe(404);
    expect((await send(port, 'GET', '/dashboard/api/events', auth)).status).toBe(404);
    expect((await send(port, 'GET', '/dashboard/../status', auth)).status).toBe(401);
    expect((await send(port, 'GET', '/dashboard/%2e%2e/status', auth)).status).toBe(401);
  });

  it('serves 100 pages’ streams at once, each getting the next run', async () => {
    const daemon = testDaemon(bridgeOnStop('true', 10));
    await daemon.start();
    // 25 pages, each with 4 streams (one page may hold STREAMS_PER_SESSION).
    const pages = await Promise.all(Array.from({ length: 25 }, () => signIn(daemon)));
    const { port, auth } = pages[0]!;
    const streams = await Promise.all(
      Array.from(
        { length: 100 },
        (_, i) =>
          new Promise<{ text: () => string; close: () => void }>((resolve, reject) => {
            let text = '';
            const req = request(
              {
                host: '127.0.0.1',
                port,
                path: '/dashboard/api/runs/stream',
                headers: { host: `127.0.0.1:${port}`, ...pages[i % 25]!.auth },
                agent: false,
              },
              (res) => {
                if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
                res.on('data', (chunk: Buffer) => (text += chunk.toString()));
                resolve({ text: () => text, close: () => req.destroy() });
              },
            );
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    await daemon.emit('true', stopPayload({ many: 1 }));
    await waitFor('the run on all 100 streams', () =>
      streams.every((stream) => stream.text().includes('"outcome":"ok"')),
    );
    expect((await send(port, 'GET', '/dashboard/api/status', auth)).status).toBe(200);
    for (const stream of streams) stream.close();
  });
});

describe('hookd dashboard', () => {
  it('opens the link with xdg-open when there is a display, and only prints it when not', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const bin = tempDir();
    const opened = path.join(bin, 'opened.txt');
    writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" >> ${opened}\n`);
    chmodSync(path.join(bin, 'xdg-open'), 0o755);
    const env = { ...daemon.env, PATH: `${bin}:${daemon.env.PATH}` };
    const headless = await runHookd(['dashboard'], { env: { ...env, DISPLAY: '', WAYLAND_DISPLAY: '' } });
    expect(headless.exitCode).toBe(0);
    expect(headless.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dashboard\/#ticket=[\w-]+$/);
    const shown = await runHookd(['dashboard'], { env: { ...env, DISPLAY: ':0' } });
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toBe('');
    await waitFor('xdg-open to be run', () => existsSync(opened));
    // Given a private file that leads to the link (the ticket is never on a command line).
    const file = path.join(daemon.stateDir, 'dashboard-link.html');
    expect(readFileSync(opened, 'utf8')).toBe(`${file}\n`);
    expect(shown.stderr).toContain(`Opened the live page in a browser (through ${file}`);
    expect(readFileSync(file, 'utf8')).toMatch(/url=http:\/\/127\.0\.0\.1:\d+\/dashboard\/#ticket=[\w-]+"/);
    // No opener installed: still exit 0 with the link.
    const noOpener = await runHookd(['dashboard'], { env: { ...daemon.env, PATH: toolbox([]), DISPLAY: ':0' } });
    expect(noOpener.exitCode).toBe(0);
    expect(noOpener.stdout).toContain('/dashboard/#ticket=');
  });

  it('says so when the daemon is not running', async () => {
    const daemon = testDaemon();
    const result = await runHookd(['dashboard', '--no-open'], { env: daemon.env });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^hookd: the dashboard is served by the daemon, and it is not running/);
  });
});
