// The live page in a real browser (issue 12 item 5): Chromium, headless, signs in with the link of
// `hookd dashboard`, sees runs arrive without a reload, finds a failed run's stderr and retries it;
// many tabs share one stream; a rebinding host name and a cross-site page are refused.
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { bridgeOnStop, stopPayload, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { ROOT } from '../helpers/paths.js';
import { ARTIFACTS, browserTests, dashboardLink, RUN_COLUMNS } from './dashboard-helpers.js';

const chromium = browserTests(['--host-resolver-rules=MAP rebound.test 127.0.0.1']);

const FAILS_ONCE = (mark: string) =>
  `if [ -e ${mark} ]; then echo fine now; else touch ${mark}; echo "disk quota exceeded" >&2; exit 3; fi`;

function daemonWithHooks(mark: string): TestDaemon {
  const stop = (command: string) => (bridgeOnStop(command, 10) as { Stop: object[] }).Stop;
  return testDaemon({ Stop: [...stop('true'), ...stop(FAILS_ONCE(mark))] });
}

// Every answer of the page's own origin that was not a success (the favicon's 401 was one: issue 23).
const refusals = new WeakMap<Page, string[]>();

async function openPage(daemon: TestDaemon, context: BrowserContext): Promise<Page> {
  const link = await dashboardLink(daemon);
  const page = await context.newPage();
  const refused: string[] = [];
  refusals.set(page, refused);
  page.on('response', (answer) => {
    if (answer.status() >= 400 && new URL(answer.url()).port === link.port)
      refused.push(`${answer.status()} ${answer.url()}`);
  });
  await page.goto(link.href);
  await page.waitForSelector('#live.live', { timeout: 10_000 });
  return page;
}

const rowsWith = (page: Page, text: string) => page.locator('#timeline tbody tr', { hasText: text });

describe('the live page', () => {
  it('shows runs as they finish, a failed run’s stderr in two clicks, and retries it', async () => {
    const mark = path.join(tempDir(), 'mark');
    const daemon = daemonWithHooks(mark);
    await daemon.start();
    const page = await openPage(
      daemon,
      await chromium.browser().newContext({ viewport: { width: 1280, height: 860 } }),
    );
    // The ticket is gone from the address bar: it became the session in the page's storage.
    expect(page.url()).toMatch(/\/dashboard\/$/);
    // Sent as Claude Code sends it: the list names the client (issue 23).
    await daemon.emit('true', stopPayload({ n: 1 }), { CLAUDECODE: '1' });
    await daemon.emit(FAILS_ONCE(mark), stopPayload({ n: 2 }));
    await rowsWith(page, 'failed (exit 3)').waitFor({ timeout: 10_000 });
    await rowsWith(page, 'ok').first().waitFor({ timeout: 10_000 });
    const okCells = await page
      .locator('#timeline tbody tr', { has: page.locator('td', { hasText: /^true$/ }) })
      .locator('td')
      .allTextContents();
    // One time format, as the CLI writes it: local time with its zone; then the client.
    expect(okCells[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+$/);
    expect(okCells.slice(1, 3)).toEqual(['claude', 'Stop']);
    await expect(page.locator('#timeline thead th').allTextContents()).resolves.toEqual(RUN_COLUMNS);
    // The bridge deciding hooks wait on (issue 33), named at the top: this clone's, built here.
    await expect(page.locator('#bridge').textContent()).resolves.toMatch(
      /^bridge: native, built here \(.*dist\/hookd-bridge\)$/,
    );
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-live.png'), fullPage: true });
    // The table per hook: the failing one at 100% with its last error.
    const failing = page.locator('#hooks tbody tr', { hasText: 'disk quota' });
    await expect(failing.locator('td').nth(2).textContent()).resolves.toBe('100%');
    // Click the failed run: its stderr, and the retry button.
    await rowsWith(page, 'failed (exit 3)').click();
    await page.locator('#attempts pre', { hasText: 'disk quota exceeded' }).waitFor();
    // The row on show is marked, and only it; the detail's times read like the list's.
    await expect(page.locator('#timeline tbody tr.selected').allTextContents()).resolves.toEqual([
      expect.stringContaining('failed (exit 3)'),
    ]);
    const started = page
      .locator('#detail-facts dt', { hasText: /^started$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(started.textContent()).resolves.toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+$/);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-failed-run.png'), fullPage: true });
    // docs/observability.md's picture is a tracked file: written only when asked (UPDATE_DOCS_SCREENSHOT=1),
    // so that an ordinary run, in CI or here, leaves the working tree as it was.
    if (process.env.UPDATE_DOCS_SCREENSHOT === '1')
      await page.screenshot({ path: path.join(ROOT, 'docs', 'dashboard.png'), fullPage: true });
    await page.locator('#retry').click();
    await page.locator('#retry-result', { hasText: 'queued again as' }).waitFor();
    // The retry runs (and succeeds this time), and arrives on the page without a reload.
    await waitFor('the retried run in the history', () =>
      daemon.history().some((line) => line.retryOf && line.outcome === 'ok'),
    );
    await page.locator('#timeline tbody tr').nth(2).waitFor({ timeout: 10_000 });
    await expect(failing.locator('td').nth(2).textContent()).resolves.toBe('50%');
    // The retried run is marked as a retry in the list.
    await expect(
      page.locator('#timeline tbody tr', { has: page.locator('.mark', { hasText: 'retry' }) }).allTextContents(),
    ).resolves.toEqual([expect.stringContaining('ok')]);
    // Every file of the page was served, its icon included (it answered 401: issue 23).
    expect(refusals.get(page)?.filter((answer) => !answer.includes('/dashboard/api/'))).toEqual([]);
    // Headless Chromium may not ask for the icon: asked here, without the session, as a browser asks for it.
    const icon =
      "fetch(new URL(document.querySelector('link[rel=icon]').getAttribute('href'), location.href)).then((a) => `${a.status} ${a.headers.get('content-type')}`)";
    await expect(page.evaluate(icon)).resolves.toBe('200 image/svg+xml');
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-retried.png'), fullPage: true });
  });

  // The page kept its own copy of the outcome table, which read a timed-out run as `timed_out`
  // where every other view says `timed out`: it now shows what the run's summary says (issue 24).
  it('shows a timed-out run in the table’s words, as a failure it can retry', async () => {
    const daemon = testDaemon(bridgeOnStop('sleep 5', 1));
    await daemon.start();
    const page = await openPage(daemon, await chromium.browser().newContext());
    await daemon.emit('sleep 5', stopPayload({ n: 4 }));
    const row = rowsWith(page, 'sleep 5');
    await row.waitFor({ timeout: 15_000 });
    const outcome = row.locator('td').nth(5);
    await expect(outcome.textContent()).resolves.toBe('timed out');
    await expect(outcome.getAttribute('class')).resolves.toBe('outcome-bad');
    await row.click();
    const said = page.locator('#detail-facts dt', { hasText: /^outcome$/ }).locator('xpath=following-sibling::dd[1]');
    await said.waitFor();
    await expect(said.textContent()).resolves.toBe('timed out');
    await page.locator('#retry').waitFor({ state: 'visible' });
  });

  it('says on a page of its own that a used or expired link cannot be used, and how to get a new one', async () => {
    const daemon = daemonWithHooks(path.join(tempDir(), 'mark'));
    await daemon.start();
    const link = await dashboardLink(daemon);
    const first = await (await chromium.browser().newContext()).newPage();
    await first.goto(link.href);
    await first.waitForSelector('#live.live', { timeout: 10_000 });
    // The same link again, in another browser profile: used already.
    const again = await (await chromium.browser().newContext()).newPage();
    await again.goto(link.href);
    await again.locator('#signed-out').waitFor({ state: 'visible', timeout: 10_000 });
    await expect(again.locator('#signed-out').textContent()).resolves.toMatch(
      /used already or has expired[\s\S]*run in a terminal: hookd dashboard/,
    );
    await expect(again.locator('main').isHidden()).resolves.toBe(true);
    await again.screenshot({ path: path.join(ARTIFACTS, 'dashboard-link-used.png') });
  });

  it('ten tabs open at once all stay live (one stream, shared between them)', async () => {
    const daemon = daemonWithHooks(path.join(tempDir(), 'mark'));
    await daemon.start();
    const context = await chromium.browser().newContext();
    const pages: Page[] = [];
    for (let i = 0; i < 10; i++) pages.push(await openPage(daemon, context));
    await daemon.emit('true', stopPayload({ tabs: 1 }));
    for (const page of pages) await rowsWith(page, 'ok').first().waitFor({ timeout: 10_000 });
    // Every tab can still reach the daemon (no connection held up behind the streams).
    for (const page of pages)
      await expect(
        page.evaluate(
          "fetch('/dashboard/api/status', { headers: { 'x-hookd-session': localStorage.getItem('hookd-session') ?? '' } }).then((r) => r.status)",
        ),
      ).resolves.toBe(200);
    await context.close();
  });

  it('refuses a rebinding host name and a cross-site page', async () => {
    const daemon = daemonWithHooks(path.join(tempDir(), 'mark'));
    await daemon.start();
    const page = await openPage(daemon, await chromium.browser().newContext());
    const port = new URL(page.url()).port;
    // DNS rebinding: a name of the attacker's that resolves to 127.0.0.1 brings its own Host.
    const rebound = await page.context().newPage();
    const answer = await rebound.goto(`http://rebound.test:${port}/dashboard/`);
    expect(answer?.status()).toBe(421);
    // A page of another site posts to the retry route with the user's browser.
    await daemon.emit('echo x >&2; exit 1', stopPayload({ n: 3 }));
    await waitFor('the failed run', () => daemon.history().some((line) => line.outcome === 'failed'));
    const id = String(daemon.history().find((line) => line.outcome === 'failed')!.eventId);
    const evil = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<script>fetch('http://127.0.0.1:${port}/dashboard/api/runs/${id}/retry', { method: 'POST', mode: 'no-cors', credentials: 'include' }).finally(() => (document.title = 'sent'));</script>`,
      );
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const evilPage = await page.context().newPage();
    await evilPage.goto(`http://localhost:${(evil.address() as AddressInfo).port}/`);
    await evilPage.waitForFunction("document.title === 'sent'");
    evil.close();
    // Refused: nothing was queued again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(daemon.history().filter((line) => line.retryOf)).toEqual([]);
  });
});
