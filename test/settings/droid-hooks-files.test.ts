// Droid's hooks.json over its settings.json, as the real Droid 0.225 reads them
// (test/clients/droid-files.test.ts runs the binary), followed by the real daemon: an event
// hooks.json names with no hooks (`"Stop": []`) still replaces settings.json's, so the daemon lends
// those entries nothing; and the older ~/.factory/hooks/hooks.json is read while hooks.json is absent.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { runHookd } from '../helpers/run-hookd.js';
import { waitFor } from '../helpers/wait-for.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const write = (home: string, relative: string, value: object) => {
  mkdirSync(path.dirname(path.join(home, relative)), { recursive: true });
  writeFileSync(path.join(home, relative), JSON.stringify(value));
};
const events = (...names: string[]) =>
  Object.fromEntries(
    names.map((name) => [
      name,
      [{ hooks: [{ type: 'command', command: `hookd emit -- 'echo ${name}'`, timeout: 7 }] }],
    ]),
  );

/** The daemon's count of the hooks it runs from each Droid file it follows. */
async function daemonHooks(daemon: TestDaemon, home: string): Promise<Record<string, number>> {
  const status = await daemon.request('GET', '/status');
  const files = (status.body as { settings: { files: { path: string; daemonHooks: number }[] } }).settings.files;
  return Object.fromEntries(
    files
      .filter((file) => file.path.includes('/.factory/'))
      .map((file) => [path.relative(home, file.path), file.daemonHooks]),
  );
}

describe("Droid's hooks.json over settings.json, followed by the daemon", () => {
  it('an event hooks.json names with no hooks ("Stop": []) replaces settings.json\'s: the daemon runs none of its Stop entries', async () => {
    const home = tempDir();
    write(home, '.factory/settings.json', { hooks: events('Stop', 'SessionEnd') });
    write(home, '.factory/hooks.json', { Stop: [] });
    const daemon = testDaemon({}, { home });
    await daemon.start();
    expect(await daemonHooks(daemon, home)).toEqual({
      '.factory/hooks.json': 0,
      '.factory/hooks/hooks.json': 0,
      '.factory/settings.json': 1,
    });
  });

  it('reads the older .factory/hooks/hooks.json while .factory/hooks.json is absent, and no longer once it appears', async () => {
    const home = tempDir();
    write(home, '.factory/settings.json', { hooks: events('Stop', 'SessionEnd') });
    write(home, '.factory/hooks/hooks.json', events('Stop'));
    const daemon = testDaemon({}, { home });
    await daemon.start();
    expect(await daemonHooks(daemon, home)).toEqual({
      '.factory/hooks.json': 0,
      '.factory/hooks/hooks.json': 1,
      '.factory/settings.json': 1,
    });
    const older = path.join(home, '.factory/hooks/hooks.json');
    expect(
      (await runHookd(['validate', '--client', 'droid'], { env: { ...daemon.env, HOME: home } })).stdout,
    ).toContain(`${older} (Droid): valid, 1 hook(s)`);

    write(home, '.factory/hooks.json', { SessionEnd: [] });
    const expected = { '.factory/hooks.json': 0, '.factory/hooks/hooks.json': 0, '.factory/settings.json': 1 };
    await waitFor(
      'hooks.json to take over',
      async () => JSON.stringify(await daemonHooks(daemon, home)) === JSON.stringify(expected),
    );
    const validate = await runHookd(['validate', '--client', 'droid'], { env: { ...daemon.env, HOME: home } });
    expect(`${validate.stdout}${validate.stderr}`).toContain(
      `${older}: not read (Droid reads ${path.join(home, '.factory/hooks.json')} instead)`,
    );
  });
});
