// The session view of the live page (issue 25 item 1) in Chromium, over a real daemon's history:
// runs in line made through `hookd sync`, runs beside the agent through `hookd emit`. The sessions
// list (client, project, newest first, run count, time waited); the session's runs as bars on one
// axis, in line on the agent's lane, coloured by outcome and labelled with their decision; the total
// wait; a bar's output one click away; a new run drawn without a reload.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { testDaemon } from '../helpers/daemon-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { ROOT } from '../helpers/paths.js';
import {
  BESIDE_FAILS,
  BESIDE_HOOKS,
  BESIDE_OK,
  BLOCK,
  DENY,
  SYNC_FAILS,
  makeSession,
  waitedMs,
  type Line,
} from '../helpers/session-runs.js';
import { browserTests } from './dashboard-helpers.js';

const chromium = browserTests();

// The colours of dashboard.css's outcomes, as Chromium computes them.
const GREEN = 'rgb(21, 128, 61)';
const RED = 'rgb(185, 28, 28)';

/** Each bar of the chart: its run id, lane, label, fill, and box. */
function bars(page: Page) {
  return page.$$eval('#session-chart g.run', (groups) =>
    groups.map((group) => {
      const rect = group.querySelector('rect')!;
      const box = rect.getBoundingClientRect();
      return {
        id: group.getAttribute('data-id') ?? undefined,
        lane: group.classList.contains('lane-agent') ? 'agent' : 'beside',
        label: group.querySelector('text')?.textContent,
        full: group.getAttribute('data-label'),
        fill: rect.ownerDocument.defaultView!.getComputedStyle(rect).fill,
        x: box.x,
        y: box.y,
        width: box.width,
      };
    }),
  );
}

const laneBox = (page: Page, lane: string) =>
  page.$eval(`#session-chart rect.lane.lane-${lane}`, (rect) => ({
    top: rect.getBoundingClientRect().top,
    bottom: rect.getBoundingClientRect().bottom,
  }));

describe('the session view', () => {
  it('lists the sessions and draws one: where the agent waited, each decision, colours by outcome, the total wait, the output a click away', async () => {
    const daemon = testDaemon(BESIDE_HOOKS);
    await daemon.start();
    const project = tempDir();
    const lines = await makeSession(daemon, 'sess-view', project);
    const newer = await makeSession(daemon, 'sess-newer', tempDir());
    const errors: string[] = [];
    const page = await chromium.open(daemon, { viewport: { width: 1280, height: 900 } }, (page) =>
      page.on('pageerror', (error) => errors.push(error.message)),
    );
    // The list: newest first, with client, project, run count and the time the agent waited.
    await page.locator('#sessions tbody tr').nth(1).waitFor({ timeout: 10_000 });
    const rows = await page.$$eval('#sessions tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(rows.map((row) => row[2])).toEqual([newer[0]!.project, project]);
    expect(rows[1]!.slice(1, 4)).toEqual(['claude', project, '5']);
    const shown = (value: number) => (value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`);
    expect(rows[1]![4]).toBe(`${shown(waitedMs(lines))} (3 in line)`);

    await page.locator('#sessions tbody tr', { hasText: project }).click();
    await page.locator('#session-chart g.run').nth(4).waitFor({ timeout: 10_000 });
    const drawn = await bars(page);
    const line = (id: string | undefined) => lines.find((one) => one.eventId === id) as Line & { eventId: string };
    expect(drawn.map((bar) => line(bar.id)?.command).sort()).toEqual(lines.map((one) => one.command).sort());
    // In line on the agent's lane, the others beside it: each inside its lane's band.
    const [agent, beside] = [await laneBox(page, 'agent'), await laneBox(page, 'beside')];
    for (const bar of drawn) {
      const expected = line(bar.id).bridge === 'sync' ? 'agent' : 'beside';
      const band = expected === 'agent' ? agent : beside;
      expect([bar.id, bar.lane, bar.y >= band.top && bar.y < band.bottom]).toEqual([bar.id, expected, true]);
    }
    // Labels: the decisions of the runs in line, whole or cut with an ellipsis where the bar is short
    // (bar lengths follow the real run times, which load stretches); whole in the tooltip. Colours by outcome.
    for (const { label, full } of drawn)
      expect(
        label === full || (String(label).endsWith('…') && String(full).startsWith(String(label).slice(0, -1))),
      ).toBe(true);
    const byCommand = (command: string) => drawn.find((bar) => line(bar.id).command === command)!;
    // A denial is painted as one (issue 42 item 3): red, though the hook ran fine and said no.
    expect([byCommand(DENY).full, byCommand(DENY).fill]).toEqual(['blocked: no rm -rf', RED]);
    expect([byCommand(BLOCK).full, byCommand(BLOCK).fill]).toEqual(['blocked: tests fail', RED]);
    expect([byCommand(SYNC_FAILS).full, byCommand(SYNC_FAILS).fill]).toEqual(['failed (exit 1)', RED]);
    expect(byCommand(BESIDE_OK).fill).toBe(GREEN);
    expect([byCommand(BESIDE_FAILS).full, byCommand(BESIDE_FAILS).fill]).toEqual(['Stop (failed (exit 3))', RED]);
    // On one time axis: a bar starts further right the later its run started, and is as long as it ran.
    const first = Math.min(...lines.map((one) => Date.parse(one.startedAt)));
    const pxPerMs =
      (byCommand(BLOCK).x - byCommand(DENY).x) / (Date.parse(line(byCommand(BLOCK).id).startedAt) - first);
    for (const bar of drawn)
      expect(Math.abs(bar.x - byCommand(DENY).x - pxPerMs * (Date.parse(line(bar.id).startedAt) - first))).toBeLessThan(
        2,
      );
    expect(Math.abs(byCommand(BLOCK).width - pxPerMs * line(byCommand(BLOCK).id).durationMs)).toBeLessThan(3);
    // The total the agent waited: the in-line runs' durations, summed.
    await expect(page.locator('#session-wait').getAttribute('data-waited-ms')).resolves.toBe(String(waitedMs(lines)));
    await expect(page.locator('#session-wait').textContent()).resolves.toContain(
      `The agent waited ${shown(waitedMs(lines))} on hooks in this session (3 runs in line); 2 ran beside it`,
    );
    // The picture, taken each run; written (docs/observability.md's) only when asked, as dashboard.png is: a test writes nowhere else.
    const picture = await page.locator('#sessions-section').screenshot();
    expect(picture.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.UPDATE_DOCS_SCREENSHOT === '1') writeFileSync(path.join(ROOT, 'docs', 'session-view.png'), picture);
    // One click on a bar: that run's output, in the page's run detail.
    await page.locator(`#session-chart g.run[data-id="${byCommand(BESIDE_FAILS).id}"] rect`).click();
    await page.locator('#attempts pre', { hasText: 'disk quota exceeded' }).waitFor({ timeout: 10_000 });
    await expect(page.locator('#detail-id').textContent()).resolves.toBe(byCommand(BESIDE_FAILS).id);
    // A new run of the session reaches the list and the picture without a reload.
    await daemon.emit(
      BESIDE_OK,
      JSON.stringify({ session_id: 'sess-view', hook_event_name: 'Stop', cwd: project, later: true }),
    );
    await page.locator('#session-chart g.run').nth(5).waitFor({ timeout: 20_000 });
    await expect(
      page.locator('#sessions tbody tr', { hasText: project }).locator('td').nth(3).textContent(),
    ).resolves.toBe('6');
    expect(errors).toEqual([]);
  });
});
