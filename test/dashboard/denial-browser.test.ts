// Issue 42 item 3, reproduction: the live page showed a guard's denial as a green "ok" (the run went
// fine: the hook ran and said no), named runs by their commands only, and gave no first answer to
// "is everything wired?". In Chromium, over a real daemon: a guard in line behind `hookd sync`
// denies, a hook adds context, one allows, one runs beside the agent; the runs table names each
// hook and says its decision, the denial in red (its computed colour, and red pixels in a
// screenshot of it), and the first panel answers from GET /status.
import { describe, expect, it } from 'vitest';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { bridgeOnStop, stopPayload, testDaemon } from '../helpers/daemon-process.js';
import { syncRun } from '../helpers/session-runs.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { ARTIFACTS, browserTests, RUN_COLUMNS } from './dashboard-helpers.js';

const chromium = browserTests();

// dashboard.css's colours, as Chromium computes them.
const RED = 'rgb(185, 28, 28)';

/** A hook script in `dir` named `name`.sh that prints `answer`: the page names a run by its script. */
function script(dir: string, name: string, answer: object): string {
  const file = path.join(dir, `${name}.sh`);
  writeFileSync(file, `#!/bin/sh\ncat >/dev/null\necho '${JSON.stringify(answer)}'\n`);
  chmodSync(file, 0o755);
  return file;
}

/**
 * How many of a screenshot's pixels are red (the denial's text and its mark) and how many green (an
 * "ok" colour), counted in a blank page of the same browser: its canvas decodes the PNG.
 */
async function colours(browser: Browser, png: Buffer): Promise<{ red: number; green: number }> {
  const page = await (await browser.newContext()).newPage();
  // Run in the page, where the DOM is (written as text: the tests are type-checked without the DOM's types).
  const count = `(async (data) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + data;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let red = 0;
    let green = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
      if (r > 140 && g < 90 && b < 90) red += 1;
      if (g > 100 && r < 80 && b < 110) green += 1;
    }
    return { red, green };
  })(${JSON.stringify(png.toString('base64'))})`;
  return page.evaluate(count) as Promise<{ red: number; green: number }>;
}

const cellOf = (row: Locator, column: string) =>
  row.locator('td').nth(['time', 'client', 'event', 'hook', 'decision', 'outcome'].indexOf(column));

describe('issue 42 item 3: the page shows a denial as a denial', () => {
  it('names each hook, says each decision (the denial in red), and first answers whether everything is wired', async () => {
    const dir = tempDir();
    const guard = script(dir, 'no-rm-rf', {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'rm -rf is not allowed here',
      },
    });
    const context = script(dir, 'add-branch', {
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'on branch main' },
    });
    const allow = script(dir, 'allow-reads', {
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
    });
    const daemon = testDaemon(bridgeOnStop('true', 10));
    await daemon.start();
    const tool = (command: string) => ({
      session_id: 'sess-deny',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command },
      cwd: dir,
    });
    const denied = await syncRun(daemon, guard, tool('rm -rf /'));
    expect(denied.stdout).toContain('"permissionDecision":"deny"');
    await syncRun(daemon, context, {
      session_id: 'sess-deny',
      hook_event_name: 'UserPromptSubmit',
      prompt: 'hi',
      cwd: dir,
    });
    await syncRun(daemon, allow, tool('ls'));
    await daemon.emit('true', stopPayload({ session_id: 'sess-deny' }));
    await waitFor('the four runs in the history', () => daemon.history().length >= 4);

    const page = await chromium.open(daemon, { viewport: { width: 1400, height: 900 } });
    await page.waitForSelector('#live.live', { timeout: 10_000 });
    await expect(page.locator('#timeline thead th').allTextContents()).resolves.toEqual(RUN_COLUMNS);
    const row = (name: string) =>
      page.locator('#timeline tbody tr', { has: page.locator('td.hook', { hasText: name }) });
    await row('allow-reads').waitFor({ timeout: 10_000 });

    // The denial: the hook's name, "blocked" with its reason, in red; its outcome stays the run's own (it ran fine).
    const denial = row('no-rm-rf');
    await expect(cellOf(denial, 'decision').textContent()).resolves.toBe('blocked: rm -rf is not allowed here');
    await expect(cellOf(denial, 'outcome').textContent()).resolves.toBe('ok');
    await expect(
      cellOf(denial, 'decision').evaluate((td) => td.ownerDocument.defaultView!.getComputedStyle(td).color),
    ).resolves.toBe(RED);
    // The other decisions, each in its words.
    await expect(cellOf(row('add-branch'), 'decision').textContent()).resolves.toBe('context added (14 bytes)');
    await expect(cellOf(row('allow-reads'), 'decision').textContent()).resolves.toBe('allowed');
    const beside = page.locator('#timeline tbody tr', { has: page.locator('td.command', { hasText: /^true$/ }) });
    await expect(cellOf(beside, 'decision').textContent()).resolves.toBe('—');

    // The picture: the denial's row has red in it (its decision, its mark) and no green (no "ok" painted as a success).
    const picture = await denial.screenshot({ path: path.join(ARTIFACTS, 'dashboard-denial-row.png') });
    const seen = await colours(chromium.browser(), picture);
    expect(seen.red).toBeGreaterThan(20);
    expect(seen.green).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'dashboard-denial.png'), fullPage: true });

    // The first panel: the daemon, its bridge, the clients found, the hooks through hookd, none that will not run.
    const checks = page.locator('#health-checks li');
    await checks.first().waitFor({ timeout: 10_000 });
    const panel = await checks.evaluateAll((items) =>
      items.map((item) => `${item.classList.contains('bad') ? '✗' : '✓'} ${item.textContent}`),
    );
    expect(panel).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^✓ daemon running: \S+, pid \d+, up \d+ s$/),
        expect.stringMatching(/^✓ deciding hooks wait on: native/),
        // A file named by HOOKD_SETTINGS belongs to no client in particular: "generic".
        '✓ clients found: generic (1 hook file(s))',
        '✓ hooks through hookd: 1 (1 hookd emit)',
        '✓ hooks that will not run: none',
      ]),
    );
    expect(
      await page.locator('#health').evaluate((section) => section.parentElement!.firstElementChild === section),
    ).toBe(true);
  });
});
