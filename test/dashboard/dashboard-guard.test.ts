// The live page's gate, request by request (issue 12 item 5, "bad input"): the one-time link, the
// cookie, the Host, the Origin and the CSRF token; no CORS; the bearer-token routes stay behind the
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
  it('trades a link for a cookie once, and refuses requests without it', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const link = await dashboardLink(daemon);
    expect(link.hostname).toBe('127.0.0.1');
    const port = Number(link.port);
    const first = await send(port, 'GET', `${link.pathname}${link.search}`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/dashboard/');
    expect(first.headers['set-cookie']?.[0]).toMatch(/^hookd_dashboard_\d+=[\w-]+; HttpOnly; SameSite=Strict; Path=\/dashboard\//);
    expect((await send(port, 'GET', `${link.pathname}${link.search}`)).status).toBe(403);
    for (const where of ['/dashboard/', '/dashboard/api/status', '/dashboard/api/runs', '/dashboard/api/runs/stream']) {
      expect((await send(port, 'GET', where)).status, where).toBe(401);
      expect((await send(port, 'GET', where, { cookie: 'hookd_dashboard_1=forged' })).status, where).toBe(401);
    }
    const { cookie } = await signIn(daemon);
    const page = await send(port, 'GET', '/dashboard/', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await send(port, 'GET', '/dashboard/api/status', { cookie })).status).toBe(200);
  });

  it('refuses a foreign Host, even with the cookie (DNS rebinding)', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const { port, cookie } = await signIn(daemon);
    for (const host of [`evil.example:${port}`, `127.0.0.1:${port + 1}`, 'localhost', `127.0.0.1.nip.io:${port}`]) {
      expect((await send(port, 'GET', '/dashboard/api/status', { cookie, host })).status, host).toBe(421);
    }
    expect((await send(port, 'GET', '/dashboard/api/status', { cookie, host: `localhost:${port}` })).status).toBe(200);
  });

  it('runs a retry only from its own origin with the CSRF token; answers no CORS', async () => {
    const { daemon, id } = await failedRun();
    const { port, cookie } = await signIn(daemon);
    const session = JSON.parse((await send(port, 'GET', '/dashboard/api/session', { cookie })).body) as { csrf: string };
    const retry = (headers: Record<string, string>) => send(port, 'POST', `/dashboard/api/runs/${id}/retry`, { cookie, ...headers });
    const origin = `http://127.0.0.1:${port}`;
    expect((await retry({ 'x-hookd-csrf': session.csrf })).status).toBe(403);
    expect((await retry({ origin: 'http://evil.example', 'x-hookd-csrf': session.csrf })).status).toBe(403);
    expect((await retry({ origin: 'null', 'x-hookd-csrf': session.csrf })).status).toBe(403);
    expect((await retry({ origin })).status).toBe(403);
    expect((await retry({ origin, 'x-hookd-csrf': 'x'.repeat(session.csrf.length) })).status).toBe(403);
    expect(daemon.history().filter((line) => line.retryOf)).toEqual([]);
    const preflight = await send(port, 'OPTIONS', `/dashboard/api/runs/${id}/retry`, { cookie, origin: 'http://evil.example', 'access-control-request-method': 'POST' });
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const done = await retry({ origin, 'x-hookd-csrf': session.csrf });
    expect(done.status).toBe(202);
    expect(Object.keys(done.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    await waitFor('the retried run', () => daemon.history().some((line) => line.retryOf === id));
  });

  it('reaches only the page’s routes: not the ticket, events, metrics or a path that climbs out', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const { port, cookie } = await signIn(daemon);
    expect((await send(port, 'POST', '/dashboard-ticket', { cookie })).status).toBe(401);
    expect((await send(port, 'GET', '/dashboard/api/metrics', { cookie })).status).toBe(404);
    expect((await send(port, 'GET', '/dashboard/api/events', { cookie })).status).toBe(404);
    expect((await send(port, 'GET', '/dashboard/../status', { cookie })).status).toBe(401);
    expect((await send(port, 'GET', '/dashboard/%2e%2e/status', { cookie })).status).toBe(401);
  });

  it('serves 100 pages’ streams at once, each getting the next run', async () => {
    const daemon = testDaemon(bridgeOnStop('true', 10));
    await daemon.start();
    const { port, cookie } = await signIn(daemon);
    const streams = await Promise.all(
      Array.from({ length: 100 }, () => new Promise<{ text: () => string; close: () => void }>((resolve, reject) => {
        let text = '';
        const req = request({ host: '127.0.0.1', port, path: '/dashboard/api/runs/stream', headers: { host: `127.0.0.1:${port}`, cookie }, agent: false }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          resolve({ text: () => text, close: () => req.destroy() });
        });
        req.on('error', reject);
        req.end();
      })),
    );
    await daemon.emit('true', stopPayload({ many: 1 }));
    await waitFor('the run on all 100 streams', () => streams.every((stream) => stream.text().includes('"outcome":"ok"')));
    expect((await send(port, 'GET', '/dashboard/api/status', { cookie })).status).toBe(200);
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
    expect(headless.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dashboard\/\?ticket=[\w-]+$/);
    const shown = await runHookd(['dashboard'], { env: { ...env, DISPLAY: ':0' } });
    expect(shown.exitCode).toBe(0);
    await waitFor('xdg-open to be run', () => existsSync(opened));
    expect(readFileSync(opened, 'utf8')).toBe(`${shown.stdout}\n`);
    // No opener installed: still exit 0 with the link.
    const noOpener = await runHookd(['dashboard'], { env: { ...daemon.env, PATH: (daemon.env.PATH ?? '').split(':').filter((dir) => !dir.startsWith('/usr')).join(':') || '/nonexistent', DISPLAY: ':0' } });
    expect(noOpener.exitCode).toBe(0);
    expect(noOpener.stdout).toContain('/dashboard/?ticket=');
  });

  it('says so when the daemon is not running', async () => {
    const daemon = testDaemon();
    const result = await runHookd(['dashboard', '--no-open'], { env: daemon.env });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^hookd: the dashboard is served by the daemon, and it is not running/);
  });
});
