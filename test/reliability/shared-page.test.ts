// Reproductions of issue 21 items 3 and 4 and the page's stream cap (item 8). Item 3: cookies
// ignore ports, so a page another user served on another loopback port received the dashboard's
// cookie, and replayed it to read runs and retry one. Item 4: the one-time link was on xdg-open's
// command line, which every user reads in /proc/PID/cmdline. Item 8: one session could open all 200
// run streams. Now the session lives in the page's origin storage and goes in a header; the link
// reaches the browser through a private file; a session holds at most 8 streams.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookd } from '../helpers/run-hookd.js';
import { asOtherUser, isRoot, otherUser } from '../helpers/second-user.js';
import { dashboardLink, launchChromium, send, signIn } from '../dashboard/dashboard-helpers.js';
import { STREAMS_PER_SESSION } from '../../src/dashboard/dashboard-keys.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());
afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

describe('the page on a machine shared with other users (issue 21 items 3, 4, 8)', () => {
  it('a page on another loopback port receives no credential of the signed-in page, and cannot read its data', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const link = await dashboardLink(daemon);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link.href);
    await page.waitForSelector('#live.live', { timeout: 10_000 });
    const port = link.port;
    // The other user's server: on another port of 127.0.0.1, under the same path, recording what the browser sends.
    const seen: IncomingHttpHeaders[] = [];
    const evil = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<script>fetch('http://127.0.0.1:${port}/dashboard/api/runs', { credentials: 'include' }).then((r) => r.status, () => 'blocked').then((s) => (document.title = 'done:' + s + ':' + localStorage.getItem('hookd-session')));</script>`,
      );
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const evilPage = await context.newPage();
    await evilPage.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/dashboard/`);
    await evilPage.waitForFunction("document.title.startsWith('done:')");
    evil.close();
    expect(seen.length).toBeGreaterThan(0);
    for (const headers of seen) expect(headers.cookie, 'a cookie reached the other port').toBeUndefined();
    expect(await evilPage.title()).toBe('done:blocked:null');
    // The signed-in page still works.
    await expect(
      page.evaluate(
        "fetch('/dashboard/api/runs', { headers: { 'x-hookd-session': localStorage.getItem('hookd-session') ?? '' } }).then((r) => r.status)",
      ),
    ).resolves.toBe(200);
    await context.close();
  });

  it.runIf(isRoot)(
    'the link is never on a command line: the browser gets a private file the other user cannot read',
    async () => {
      await otherUser();
      const daemon = testDaemon();
      await daemon.start();
      const bin = tempDir();
      const argv = path.join(bin, 'argv.txt');
      // What any user sees of the opener: its command line.
      writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\ntr '\\0' ' ' < /proc/$$/cmdline >> ${argv}\n`);
      chmodSync(path.join(bin, 'xdg-open'), 0o755);
      const result = await runHookd(['dashboard'], {
        env: { ...daemon.env, PATH: `${bin}:${daemon.env.PATH}`, DISPLAY: ':0' },
      });
      expect(result.exitCode).toBe(0);
      await waitFor('xdg-open to be run', () => existsSync(argv) && readFileSync(argv, 'utf8'));
      expect(readFileSync(argv, 'utf8')).not.toMatch(/ticket/);
      expect(result.stdout).not.toMatch(/ticket/);
      const file = path.join(daemon.stateDir, 'dashboard-link.html');
      expect(readFileSync(argv, 'utf8')).toContain(file);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      chmodSync(daemon.stateDir, 0o755);
      expect((await asOtherUser(['cat', file])).exitCode).not.toBe(0);
      // What the browser does with it: on to the page, signed in, the ticket gone from the address.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`file://${file}`);
      await page.waitForSelector('#live.live', { timeout: 10_000 });
      expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dashboard\/$/);
      await context.close();
    },
  );

  it(`one session holds at most ${STREAMS_PER_SESSION} run streams; another still gets one`, async () => {
    const daemon = testDaemon();
    await daemon.start();
    const greedy = await signIn(daemon);
    const port = greedy.port;
    const open = (auth: Record<string, string>) =>
      new Promise<{ status: number; close: () => void }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/dashboard/api/runs/stream',
            headers: { host: `127.0.0.1:${port}`, ...auth },
            agent: false,
          },
          (res) => resolve({ status: res.statusCode ?? 0, close: () => req.destroy() }),
        );
        req.on('error', reject);
        req.end();
      });
    const held = [];
    for (let i = 0; i < STREAMS_PER_SESSION; i++) held.push(await open(greedy.auth));
    expect(held.map((stream) => stream.status)).toEqual(Array(STREAMS_PER_SESSION).fill(200));
    const refused = await open(greedy.auth);
    expect(refused.status).toBe(503);
    const other = await open((await signIn(daemon)).auth);
    expect(other.status).toBe(200);
    // A closed stream frees its place.
    held[0]!.close();
    await waitFor('a freed place', async () => {
      const again = await open(greedy.auth);
      again.close();
      return again.status === 200;
    });
    for (const stream of [...held, refused, other]) stream.close();
    expect((await send(port, 'GET', '/dashboard/api/status', greedy.auth)).status).toBe(200);
  });
});
