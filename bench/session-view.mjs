// The session view's speed (issue 25): a session of 1,000 runs (half in line through `hookd sync`,
// half beside the agent through the inbox) drawn on the live page in Chromium, from the click on
// the session to its 1,000 bars on screen, against the plain run list of the same runs (the page
// reloaded until its 1,000 rows are on screen), interleaved rounds in the same run. Goal: under a second.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { HOOKD, getJson, median, printTable, sleep, startDaemon, tempDir } from './lib.mjs';

const N = 1000;
const ROUNDS = Number(process.env.BENCH_SESSION_ROUNDS ?? 5);
const SESSION = 'bench-session';

// Half the runs in line, as the client makes them; the other half straight into the inbox, as the bridge writes them.
function makeRuns(daemon) {
  const inbox = path.join(daemon.env.HOOKD_STATE_DIR, 'inbox');
  const preTool = JSON.stringify({
    session_id: SESSION,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    cwd: '/home/dev/src/demo',
  });
  for (let i = 0; i < N / 2; i++) {
    const command = i % 10 === 0 ? "echo 'tests fail' >&2; exit 2" : 'true';
    spawnSync('sh', ['-c', `hookd sync --client claude -- "${command}"`], {
      env: daemon.env,
      input: preTool,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const event = JSON.stringify({ session_id: SESSION, hook_event_name: 'Stop', cwd: '/home/dev/src/demo', i });
    writeFileSync(
      path.join(inbox, 'tmp', `s${i}`),
      Buffer.concat([Buffer.from('hookd-record 1\ntrue\0\0'), Buffer.from(event)]),
    );
    writeFileSync(path.join(inbox, 'new', `s${i}`), '');
  }
}

async function untilRecorded(daemon) {
  for (let i = 0; i < 1200; i++) {
    // A daemon busy with the records may drop a connection (EPIPE): it is asked again.
    const answer = await getJson(daemon.socket, '/sessions').catch(() => undefined);
    if (answer?.sessions[0]?.runs === N) return;
    await sleep(50);
  }
  throw new Error(`the ${N} runs did not all reach the history`);
}

// Chromium with its HOME and XDG folders in a temp directory (its profile is playwright's temp one).
async function launch() {
  const home = tempDir('hookd-bench-chromium-');
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
    env,
  });
  return { browser, close: async () => (await browser.close(), rmSync(home, { recursive: true, force: true })) };
}

// ms from a reload to the run list's N rows on screen.
async function runList(page) {
  await page.reload({ waitUntil: 'commit' });
  const at = await page.waitForFunction(
    (n) => document.querySelectorAll('#timeline tbody tr').length >= n && performance.now(),
    N,
    { polling: 'raf', timeout: 30_000 },
  );
  return at.jsonValue();
}

// ms from the click on the session to its N bars on screen.
async function sessionView(page) {
  await page.waitForSelector('#sessions tbody tr', { timeout: 30_000 });
  await page.evaluate(() => {
    document.querySelector('#session-chart').replaceChildren();
    window.benchClick = performance.now();
    document.querySelector('#sessions tbody tr').click();
  });
  const took = await page.waitForFunction(
    (n) => document.querySelectorAll('#session-chart g.run').length >= n && performance.now() - window.benchClick,
    N,
    { polling: 'raf', timeout: 30_000 },
  );
  return took.jsonValue();
}

const daemon = await startDaemon({ Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }] });
const chrome = await launch();
try {
  makeRuns(daemon);
  await untilRecorded(daemon);
  const link = spawnSync(HOOKD, ['dashboard', '--no-open'], { env: daemon.env, encoding: 'utf8' }).stdout.trim();
  const page = await (await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(link);
  const times = { list: [], view: [] };
  for (let round = 0; round < ROUNDS; round++) {
    times.list.push(await runList(page));
    times.view.push(await sessionView(page));
  }
  const [view, list] = [median(times.view), median(times.list)];
  printTable(
    `the session view (issue 25): a session of ${N} runs in Chromium, median of ${ROUNDS} rounds (ratio (value / baseline))`,
    [
      {
        name: `session view of ${N} runs drawn (ms) / run list of the same runs (ms)`,
        value: view,
        baseline: list,
        ratio: view / list,
        goal: 'value < 1000 ms',
      },
    ],
  );
  console.log(`  session view of ${N} runs: ${view.toFixed(0)} ms, ${view < 1000 ? 'under' : 'NOT under'} a second`);
} finally {
  await chrome.close();
  await daemon.stop();
}
