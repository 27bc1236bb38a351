// Droid moves the older .factory/hooks/hooks.json into .factory/hooks.json when it saves (archiving
// the old file as hooks/hooks.migrated.json: CLIENTS.md). The wrapped entries then live in
// hooks.json: uninstall undoes them there, by the record of the file install changed, and drops that
// record. The move is made here as Droid makes it (its own rewrite of the text), the file-level half.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runHookd } from '../helpers/run-hookd.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';

afterEach(cleanupTempDirs);

describe("Droid's migration of hooks/hooks.json into hooks.json", () => {
  it('uninstall undoes the wrapped entries in the file Droid moved them to', async () => {
    const home = tempDir();
    const older = path.join(home, '.factory', 'hooks', 'hooks.json');
    const current = path.join(home, '.factory', 'hooks.json');
    mkdirSync(path.dirname(older), { recursive: true });
    const hooks = {
      Stop: [{ hooks: [{ type: 'command', command: './stop.sh' }] }],
      SessionEnd: [{ hooks: [{ type: 'command', command: './end.sh' }] }],
    };
    writeFileSync(older, JSON.stringify(hooks));
    const env = { HOME: home, HOOKD_STATE_DIR: path.join(tempDir(), 'state') };
    const install = await runHookd(['install', '--client', 'droid'], { env });
    expect(install.exitCode, install.stderr).toBe(0);
    expect(readFileSync(older, 'utf8')).toContain('hookd sync');
    // Droid saves: hooks.json in its own layout, the older file archived.
    writeFileSync(current, `${JSON.stringify(JSON.parse(readFileSync(older, 'utf8')), null, 2)}\n`);
    renameSync(older, path.join(path.dirname(older), 'hooks.migrated.json'));

    const uninstall = await runHookd(['uninstall', '--client', 'droid'], { env });
    expect(uninstall.exitCode, uninstall.stderr + uninstall.stdout).toBe(0);
    expect(JSON.parse(readFileSync(current, 'utf8'))).toEqual(hooks);
    expect(JSON.parse(readFileSync(path.join(env.HOOKD_STATE_DIR, 'install-manifest.json'), 'utf8')).files).toEqual({});
  });
});
