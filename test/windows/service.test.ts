// `hookd service install` / `uninstall` on Windows, run by node.exe under wine: the Startup folder's
// script written (CRLF, as cmd reads a batch file), the daemon started from it at once as at logon,
// and the script removed again.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runWindows, windowsPath } from './wine.js';
import { WINE_PREFIX } from '../../scripts/setup-wine-node.mjs';

const BIN = path.join(ROOT, 'dist', 'bin.js');
const MARK = `hookd-service-test-${randomUUID()}`;

/**
 * The processes this file started through the service: the script's cmd and the daemon, their
 * environment carrying MARK (wine's own processes, wineserver included, may carry it too when a marked
 * process started them: they are not this file's to end).
 */
function grepMarked(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // A zombie has ended: it holds nothing.
        if (/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'))) return false;
        const command = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
        if (!command.includes('hookd-daemon.cmd') && !/bin\.js\0?\s*daemon/.test(command)) return false;
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(`HOOKD_WINE_MARK=${MARK}`);
      } catch {
        return false; // Gone, or not ours to read.
      }
    })
    .map(Number);
}

/** End, by pid, what this file started through the service. */
function endMarked(): void {
  for (const pid of grepMarked())
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
}

afterEach(async () => {
  endMarked();
  // Uninstall's own work, should the test have stopped before it: the prefix outlives the test.
  await runWindows('node.exe', [BIN, 'service', 'uninstall']);
  cleanupTempDirs();
});

describe('hookd service on Windows (node.exe under wine)', () => {
  it('writes the Startup folder script, starts the daemon from it, and removes it again', async () => {
    const home = tempDir();
    const state = path.join(home, 'AppData', 'Local', 'hookd');
    writeFileSync(path.join(home, 'settings.json'), '{"hooks":{}}\n');
    // wine sets APPDATA itself: the Startup folder is the tier's prefix's own, as Windows gives it.
    const env = {
      HOOKD_STATE_DIR: windowsPath(state),
      HOOKD_SETTINGS: windowsPath(path.join(home, 'settings.json')),
      HOOKD_TCP_PORT: '0',
      HOOKD_WINE_MARK: MARK,
    };
    const roaming = path.join(WINE_PREFIX, 'drive_c', 'users', userInfo().username, 'AppData', 'Roaming');
    const script = path.join(roaming, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'StartUp', 'hookd-daemon.cmd');
    const install = await runWindows('node.exe', [BIN, 'service', 'install'], { env });
    expect(install.code, String(install.stderr)).toBe(0);
    const text = readFileSync(script, 'utf8');
    expect(text).toMatch(/^@echo off\r\n/);
    expect(text).not.toMatch(/[^\r]\n/);
    expect(text).toContain(`set "HOOKD_STATE_DIR=${windowsPath(state)}"`);
    await waitFor('the daemon the script started', () => {
      const log = path.join(state, 'daemon.log');
      return existsSync(log) && readFileSync(log, 'utf8').includes('hookd daemon started');
    });
    // Uninstall does not stop a running daemon (Windows has no signal to ask it with): ended here first,
    // with the cmd that runs the script, which under wine holds the script open until it ends.
    endMarked();
    await waitFor('the script let go', () => grepMarked().length === 0);
    const uninstall = await runWindows('node.exe', [BIN, 'service', 'uninstall'], { env });
    expect(uninstall.code, String(uninstall.stderr)).toBe(0);
    expect(existsSync(script)).toBe(false);
  });
});
