// Copilot CLI loads every `*.json` of ~/.copilot/hooks/: the daemon follows that folder live, so a
// file added while it runs counts at once (its entries' env and timeout reach the hook behind the
// bridge) and a file removed stops counting, without a restart. The built hookd, a real daemon on a
// private HOME, the bridge as Copilot runs it (`hookd emit --event sessionEnd`), its own payload.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { copilotHome } from '../helpers/copilot-home.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { waitFor } from '../helpers/wait-for.js';
import { ROOT } from '../helpers/paths.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const SAMPLE = readFileSync(path.join(ROOT, 'samples', 'copilot', 'sessionEnd.json'), 'utf8');
// Each run its own session, so the second delivery is not taken for a duplicate of the first.
const payload = (session: string) => SAMPLE.replace(/"sessionId":"[^"]*"/, `"sessionId":"${session}"`);

interface Status {
  settings: { daemonHooks: number; files: { path: string }[] };
}
const status = async (daemon: TestDaemon) => (await daemon.request('GET', '/status')).body as Status;

// The bridge line install writes for Copilot CLI, run by `sh -c` with Copilot's marker variable.
const bridge = (daemon: TestDaemon, command: string, session: string) =>
  execa('sh', ['-c', `hookd emit --event sessionEnd -- '${command}'`], {
    env: { ...daemon.env, COPILOT_CLI: '1' },
    input: payload(session),
    reject: false,
    timeout: 10_000,
  });

describe("the daemon and Copilot CLI's hooks folder", () => {
  it('follows a file added after start (its hooks run with its env) and one removed (they stop counting)', async () => {
    const { home, dir } = copilotHome();
    const out = tempDir();
    writeFileSync(path.join(dir, 'mine.json'), '{"version": 1, "hooks": {}}\n');
    const daemon = testDaemon({}, { home });
    await daemon.start();
    expect((await status(daemon)).settings.daemonHooks).toBe(0);

    const command = `echo "team=$TEAM" >> ${out}/ran`;
    const team = path.join(dir, 'team.json');
    writeFileSync(
      team,
      JSON.stringify({
        version: 1,
        hooks: {
          sessionEnd: [
            {
              type: 'command',
              bash: `hookd emit --event sessionEnd -- '${command}'`,
              env: { TEAM: 'yes' },
              timeoutSec: 5,
            },
          ],
        },
      }),
    );
    await waitFor(
      'the added file to be followed',
      async () => (await status(daemon)).settings.daemonHooks === 1,
      10_000,
    );
    expect((await status(daemon)).settings.files.map((file) => file.path)).toContain(team);
    const first = await bridge(daemon, command, 's-1');
    expect(first.exitCode, first.stderr).toBe(0);
    await waitFor('the first run', () => daemon.history().length === 1, 15_000);
    expect(daemon.history()[0]).toMatchObject({ outcome: 'ok', event: 'sessionEnd' });
    // The entry's env came from the file the daemon picked up while running.
    expect(readFileSync(path.join(out, 'ran'), 'utf8')).toBe('team=yes\n');

    rmSync(team);
    await waitFor(
      'the removed file to stop counting',
      async () => (await status(daemon)).settings.daemonHooks === 0,
      10_000,
    );
    expect((await status(daemon)).settings.files.map((file) => file.path)).not.toContain(team);
    const second = await bridge(daemon, command, 's-2');
    expect(second.exitCode, second.stderr).toBe(0);
    await waitFor('the second run', () => daemon.history().length === 2, 15_000);
    expect(daemon.history()[1]).toMatchObject({ outcome: 'ok', event: 'sessionEnd' });
    expect(readFileSync(path.join(out, 'ran'), 'utf8')).toBe('team=yes\nteam=\n');
  });
});
