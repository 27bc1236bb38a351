// Shared by the dashboard tests: a signed-in link from the built `hookd dashboard`, plain HTTP
// requests with any Host, Origin and Cookie (fetch would not let a test forge Host), and Chromium.
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { runHookd } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';
import { stopTestDaemons, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';

export const ARTIFACTS = path.join(ROOT, 'test', 'artifacts');

/** A fresh one-time link to `daemon`'s page, from `hookd dashboard --no-open`. */
export async function dashboardLink(daemon: TestDaemon): Promise<URL> {
  const result = await runHookd(['dashboard', '--no-open'], { env: daemon.env });
  if (result.exitCode !== 0) throw new Error(`hookd dashboard failed: ${result.stderr}`);
  return new URL(result.stdout.trim());
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to 127.0.0.1:`port`, headers as given (Host included). */
export function send(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: { host: `127.0.0.1:${port}`, ...headers },
        agent: false,
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Sign in with a fresh link as the page does (the ticket of its fragment, posted from its origin): the header that carries the session. */
export async function signIn(daemon: TestDaemon): Promise<{ port: number; auth: Record<string, string> }> {
  const link = await dashboardLink(daemon);
  const port = Number(link.port);
  const ticket = new URLSearchParams(link.hash.slice(1)).get('ticket') ?? '';
  const answer = await send(port, 'POST', '/dashboard/api/sign-in', {
    origin: `http://127.0.0.1:${port}`,
    'x-hookd-ticket': ticket,
  });
  if (answer.status !== 201) throw new Error(`signing in answered ${answer.status}: ${answer.body}`);
  return { port, auth: { 'x-hookd-session': (JSON.parse(answer.body) as { session: string }).session } };
}

/**
 * Headless Chromium (Debian's, installed by .ci/run); --no-sandbox as CI runs as root. `args` add
 * flags. Its HOME and XDG folders are a temp directory of its own, removed when it closes (its
 * profile is playwright's temp --user-data-dir): nothing lands in the user's ~/.config or ~/.cache.
 * Not the tests' tempDir(), which is emptied after each test while a browser lives for its file.
 */
export async function launchChromium(args: string[] = []): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const home = mkdtempSync(path.join(tmpdir(), 'hookd-chromium-'));
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
  } as Record<string, string>;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', ...args],
    env,
  });
  browser.on('disconnected', () => rmSync(home, { recursive: true, force: true }));
  return browser;
}

/** A test file's Chromium (browserTests): the browser, and a new page of a daemon's live page. */
export interface BrowserTests {
  /** The browser, launched before the file's first test. */
  browser(): Browser;
  /**
   * A new page (in a context of its own, `options` given) on `daemon`'s live page, signed in with a
   * fresh link; `prepare` runs before the page loads (to listen for its errors from the start).
   */
  open(daemon: TestDaemon, options?: BrowserContextOptions, prepare?: (page: Page) => void): Promise<Page>;
}

/**
 * The set-up every browser test file shares: one Chromium (flags `args`) launched before the file's
 * first test and closed after its last; after each test, its daemons stopped and its temp folders
 * removed. Call it once at the top of the file.
 */
export function browserTests(args: string[] = []): BrowserTests {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchChromium(args);
  });
  afterAll(async () => launched?.close());
  afterEach(async () => {
    await stopTestDaemons();
    cleanupTempDirs();
  });
  const browser = () => {
    if (!launched) throw new Error('Chromium is not running: browserTests() launches it in beforeAll');
    return launched;
  };
  return {
    browser,
    async open(daemon, options = {}, prepare) {
      const page = await (await browser().newContext(options)).newPage();
      prepare?.(page);
      await page.goto((await dashboardLink(daemon)).href);
      return page;
    },
  };
}

/** The runs table's columns, in order: the page's tests read cells by these places. */
export const RUN_COLUMNS = ['time', 'client', 'event', 'hook', 'decision', 'outcome', 'took', 'delay', 'command'];
