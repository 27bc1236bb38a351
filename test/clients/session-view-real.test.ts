// Issue 25's "done when" for the session view: a real Claude Code turn (2.1.330, offline against a
// fake Messages API) with hooks through both bridges shows on the live page as one session with
// its bars (the deciding hooks in line on the agent's lane with their decisions, the rest beside
// it), and the same session in `hookd history --session S --timeline`.
import { afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookd } from '../helpers/run-hookd.js';
import { dashboardLink, launchChromium } from '../dashboard/dashboard-helpers.js';
import { scrubClientVariables } from './real-client-helpers.js';
import { prepareClient, startFake } from './run-client.mjs';

scrubClientVariables();

const quoted = (command: string) => `'${command.replace(/'/g, `'\\''`)}'`;
const CONTEXT = 'echo "the tests live in test/"';

describe('Claude Code 2.1.330: one turn as one session on the page', () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
    await stopTestDaemons();
    cleanupTempDirs();
  });

  it('draws the turn: UserPromptSubmit and Stop where the agent waited, Stop and SessionEnd beside it', async () => {
    const fake = await startFake('claude');
    const daemon = testDaemon();
    const hooks = {
      UserPromptSubmit: [{ hooks: [{ type: 'command' as const, command: `hookd sync -- ${quoted(CONTEXT)}` }] }],
      Stop: [
        {
          hooks: [
            { type: 'command' as const, command: `hookd sync -- ${quoted('cat >/dev/null')}` },
            { type: 'command' as const, command: `hookd emit -- ${quoted('sleep 0.2')}` },
          ],
        },
      ],
      SessionEnd: [{ hooks: [{ type: 'command' as const, command: `hookd emit -- ${quoted('cat >/dev/null')}` }] }],
    };
    const client = prepareClient('claude', {
      dir: tempDir('hookd-session-'),
      fakeUrl: fake.url,
      stateDir: daemon.stateDir,
      hooks,
    });
    await daemon.start(['--settings', client.settingsFile]);
    const result = await client.run({ prompt: 'say hi', timeoutMs: 90_000 });
    await fake.close();
    expect(result.exitCode, result.stderr).toBe(0);
    const lines = await waitFor(
      'the four runs in the history',
      () => (daemon.history().length === 4 ? daemon.history() : undefined),
      30_000,
    );
    const session = String(lines[0]!.session);
    expect(lines.every((line) => line.session === session)).toBe(true);

    browser = await launchChromium();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto((await dashboardLink(daemon)).href);
    const row = page.locator('#sessions tbody tr', { hasText: client.project });
    await row.waitFor({ timeout: 10_000 });
    await expect(row.locator('td').nth(1).textContent()).resolves.toBe('claude');
    await row.click();
    await page.locator('#session-chart g.run').nth(3).waitFor({ timeout: 10_000 });
    // Each bar's label (drawn beside it where there is room, always in its tooltip).
    const bars = await page.$$eval('#session-chart g.run', (groups) =>
      groups.map(
        (group) => `${group.classList.contains('lane-agent') ? 'agent' : 'beside'} ${group.getAttribute('data-label')}`,
      ),
    );
    // The decision as the history holds it: the context the client was handed.
    const context = String(lines.find((line) => line.event === 'UserPromptSubmit')!.decision);
    expect(context).toMatch(/^context \(\d+ bytes\)$/);
    // The page says each decision in words (issue 42 item 3): the context added, an allow.
    expect(bars.sort()).toEqual(
      [
        `agent ${context.replace('context', 'context added')}`,
        'agent allowed (no answer)',
        'beside SessionEnd',
        'beside Stop',
      ].sort(),
    );

    const timeline = await runHookd(['history', '--session', session, '--timeline'], {
      env: { ...daemon.env, NO_COLOR: '1' },
    });
    expect(timeline.stdout).toMatch(/waited +\|[ █]+\| +\d+ms +UserPromptSubmit +ok +context \(\d+ bytes\)/);
    expect(timeline.stdout).toMatch(/beside +\|[ ░]+\| +\d+ms +SessionEnd +ok/);
  });
});
