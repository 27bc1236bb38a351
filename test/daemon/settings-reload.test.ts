// The daemon follows every edit of the settings file (DESIGN.md §2), observed through GET /status.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { testDaemon, type TestDaemon, stopTestDaemons } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

interface Status {
  settings: { daemonHooks: number; missing: boolean; lastError: string[] | null; lastReloadAt: string | null };
}

/** Settings text with `n` distinct daemon hooks on Stop. */
const settingsWith = (n: number) =>
  JSON.stringify(
    {
      theme: 'dark',
      hooks: {
        Stop: [
          { hooks: Array.from({ length: n }, (_, i) => ({ type: 'command', command: `hookd emit -- 'echo ${i}'` })) },
        ],
      },
    },
    null,
    2,
  );

type FileStatus = Omit<Status['settings'], 'daemonHooks'>;

/** The status of the one settings file these daemons follow, with the daemon's hook count. */
async function status(daemon: TestDaemon): Promise<Status> {
  const body = (await daemon.request('GET', '/status')).body as {
    settings: { daemonHooks: number; files: FileStatus[] };
  };
  return { settings: { ...body.settings.files[0]!, daemonHooks: body.settings.daemonHooks } };
}

/** Wait until the daemon uses `n` hooks: the assertion of the tests that edit the file. */
async function hooksBecome(daemon: TestDaemon, n: number): Promise<void> {
  await waitFor(`${n} daemon hooks in use`, async () => (await status(daemon)).settings.daemonHooks === n);
  expect((await status(daemon)).settings.daemonHooks).toBe(n);
}

async function started(): Promise<TestDaemon> {
  const daemon = testDaemon();
  writeFileSync(daemon.settings, settingsWith(1));
  await daemon.start();
  await hooksBecome(daemon, 1);
  return daemon;
}

describe('live settings', () => {
  it('picks up an in-place write and an editor rename-on-save', async () => {
    const daemon = await started();
    writeFileSync(daemon.settings, settingsWith(2));
    await hooksBecome(daemon, 2);
    const swap = `${daemon.settings}.swp`;
    writeFileSync(swap, settingsWith(3));
    renameSync(swap, daemon.settings);
    await hooksBecome(daemon, 3);
  });

  it('treats a deleted file as no hooks, and follows it when it comes back', async () => {
    const daemon = await started();
    rmSync(daemon.settings);
    await waitFor('the missing file noticed', async () => (await status(daemon)).settings.missing);
    expect((await status(daemon)).settings.daemonHooks).toBe(0);
    writeFileSync(daemon.settings, settingsWith(2));
    await hooksBecome(daemon, 2);
  });

  it('keeps the last good config on an invalid edit and reports the error, then recovers', async () => {
    const daemon = await started();
    writeFileSync(
      daemon.settings,
      '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": "ten"}]}]}}',
    );
    await waitFor('the error reported', async () => (await status(daemon)).settings.lastError);
    const broken = await status(daemon);
    expect(broken.settings.daemonHooks).toBe(1);
    expect(broken.settings.lastError?.[0]).toMatch(
      /hooks\.Stop\[0\]\.hooks\[0\]\.timeout: expected a number, got "ten"/,
    );
    writeFileSync(daemon.settings, settingsWith(4));
    await hooksBecome(daemon, 4);
    expect((await status(daemon)).settings.lastError).toBeNull();
  });

  it('ends on the last version after a burst of writes', async () => {
    const daemon = await started();
    for (let n = 2; n <= 30; n++) writeFileSync(daemon.settings, settingsWith(n));
    await hooksBecome(daemon, 30);
  });

  it('waits for a settings directory that does not exist yet at start', async () => {
    const daemon = testDaemon();
    const later = path.join(tempDir(), 'not', 'yet', 'settings.json');
    daemon.env.HOOKD_SETTINGS = later;
    await daemon.start();
    expect((await status(daemon)).settings.missing).toBe(true);
    mkdirSync(path.dirname(later), { recursive: true });
    writeFileSync(later, settingsWith(2));
    await hooksBecome(daemon, 2);
  });

  it('goes on running events with the last good config while the file is invalid', async () => {
    const out = tempDir();
    const command = `sleep 5; touch ${out}/not-killed`;
    const daemon = testDaemon({
      Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'`, timeout: 1 }] }],
    });
    await daemon.start();
    writeFileSync(daemon.settings, '{"hooks": {"Stop": "broken"}}');
    await waitFor('the error reported', async () => (await status(daemon)).settings.lastError);
    await daemon.emit(command, JSON.stringify({ session_id: 's', hook_event_name: 'Stop' }));
    // The 1 s timeout of the last good config applies, not the 60 s default.
    const events = await waitFor(
      'the outcome',
      async () =>
        ((await daemon.request('GET', '/events?limit=1')).body as { events: Array<{ outcome: string }> }).events[0],
    );
    expect(events.outcome).toBe('timed_out');
  });

  it('follows a settings file that is a symlink into another directory (a dotfiles repository)', async () => {
    const dotfiles = path.join(tempDir(), 'dotfiles');
    mkdirSync(dotfiles);
    const real = path.join(dotfiles, 'settings.json');
    writeFileSync(real, settingsWith(1));
    const daemon = testDaemon();
    rmSync(daemon.settings);
    symlinkSync(real, daemon.settings);
    await daemon.start();
    await hooksBecome(daemon, 1);
    writeFileSync(real, settingsWith(2));
    await hooksBecome(daemon, 2);
    // Repointing the link to another file is followed too.
    const other = path.join(dotfiles, 'other.json');
    writeFileSync(other, settingsWith(3));
    rmSync(daemon.settings);
    symlinkSync(other, daemon.settings);
    await hooksBecome(daemon, 3);
    writeFileSync(other, settingsWith(4));
    await hooksBecome(daemon, 4);
  });

  it('reloads on SIGHUP', async () => {
    const daemon = await started();
    const before = (await status(daemon)).settings.lastReloadAt;
    await new Promise((resolve) => setTimeout(resolve, 10));
    daemon.process!.kill('SIGHUP');
    await waitFor('a reload after SIGHUP', async () => (await status(daemon)).settings.lastReloadAt !== before);
    expect(daemon.logs()).toMatch(/SIGHUP: reloading the settings/);
  });
});
