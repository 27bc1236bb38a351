// `hookd status` counted a file's hooks one way and all of them another: each file counted its
// `hookd sync` entries, the total left them out, so the files' counts did not add up to it. Both are
// now every hook hookd handles (emit, sync and http entries), with the split by kind.
import { afterEach, describe, expect, it } from 'vitest';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

interface Counted {
  daemonHooks: number;
  hooksByKind?: Record<string, number>;
}

describe('hookd status counts every hook hookd handles, per file and in all (a sync entry counted by one, not the other)', () => {
  it('a file with an emit, a sync, an http and a plain entry: 3 hooks in the file and in all, split by kind', async () => {
    const daemon = testDaemon({
      Stop: [
        {
          hooks: [
            { type: 'command', command: "hookd emit -- 'true'" },
            { type: 'command', command: 'echo left to the client' },
          ],
        },
      ],
      PreToolUse: [
        { hooks: [{ type: 'command', command: "hookd sync -- 'true'" }] },
        {
          hooks: [
            { type: 'http', url: `http://127.0.0.1:14653/hooks/v1/PreToolUse?command=${encodeURIComponent('true')}` },
          ],
        },
      ],
    });
    await daemon.start();
    const json = await runHookd(['status', '--json'], { env: daemon.env });
    expect(json.exitCode, json.stderr).toBe(0);
    const { settings } = JSON.parse(json.stdout) as { settings: Counted & { files: Counted[] } };
    const byKind = { bridge: 1, sync: 1, http: 1 };
    expect(settings.files).toEqual([expect.objectContaining({ daemonHooks: 3, hooksByKind: byKind })]);
    expect(settings).toMatchObject({ daemonHooks: 3, hooksByKind: byKind });

    const text = await runHookd(['status'], { env: daemon.env });
    expect(text.stdout).toContain(`${daemon.settings}, 3 daemon hook(s) (1 hookd emit, 1 hookd sync, 1 http), loaded`);
    // The bridge deciding hooks wait on (issue 33): this clone's, compiled by npm run build.
    expect(text.stdout).toMatch(/\nbridge: {4}native, built here \(.*dist\/hookd-bridge\)\n/);
    expect((JSON.parse(json.stdout) as { bridge: unknown }).bridge).toEqual({
      kind: 'built',
      summary: expect.stringMatching(/^native, built here/),
    });
  });
});
