// Chromium for the session view's test, kept inside a temp directory of its own: its profile
// (playwright's temp --user-data-dir) and its HOME and XDG folders, so nothing lands in the user's.
// Not the tests' tempDir(): that one is emptied after each test, while the browser lives for the file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Headless Chromium whose HOME, XDG_CONFIG_HOME and XDG_CACHE_HOME are a temp directory, removed when it closes. */
export async function launchIsolatedChromium(): Promise<Browser> {
  const home = mkdtempSync(path.join(tmpdir(), 'hookd-chromium-'));
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') } as Record<string, string>;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'], env });
  browser.on('disconnected', () => rmSync(home, { recursive: true, force: true }));
  return browser;
}
