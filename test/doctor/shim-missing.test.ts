// A client with no command hooks (OpenCode, pi, Kilo Code CLI, Amp) runs the hooks of hookd's own file
// only through the shim `hookd install` writes beside it: with no shim, or a file of the user's under
// its name, none of them runs, and doctor said nothing (issue 43: Amp's and Kilo's hooks are all
// shim-run). Real files under a temp HOME; the built hookd doctor.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hooksThatCannotRun, loadedHere } from '../../src/cannot-run/cannot-run.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';

afterEach(cleanupTempDirs);

function put(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const HOOKS = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] } });

describe("hooks of hookd's file that no shim runs", () => {
  it("are named, with the fix: no shim at all (Amp), a file of the user's under its name (Kilo Code CLI); none once install wrote them", async () => {
    const home = tempDir();
    put(path.join(home, '.config', 'hookd', 'amp.json'), HOOKS);
    mkdirSync(path.join(home, '.config', 'amp'), { recursive: true });
    put(path.join(home, '.config', 'hookd', 'kilo.json'), HOOKS);
    const kiloShim = path.join(home, '.config', 'kilo', 'plugin', 'hookd.js');
    put(kiloShim, 'export const Mine = async () => ({})\n');
    const context = { home, pathVar: process.env.PATH, claudeManagedSettings: path.join(home, 'managed.json') };
    const rows = await hooksThatCannotRun(await loadedHere(context), context);
    const ampShim = path.join(home, '.config', 'amp', 'plugins', 'hookd.ts');
    expect(
      rows.filter((row) => row.reason === 'no-shim').map((row) => [row.client, row.event, row.why, row.fix]),
    ).toEqual([
      [
        'amp',
        'Stop',
        `Amp runs the hooks of ${path.join(home, '.config', 'hookd', 'amp.json')} only through hookd's plugin (${ampShim}), which is not there: it never reads this file`,
        'run hookd install --client amp',
      ],
      [
        'kilo',
        'Stop',
        `Kilo Code CLI runs the hooks of ${path.join(home, '.config', 'hookd', 'kilo.json')} only through hookd's plugin, and ${kiloShim} is not hookd's: it never reads this file`,
        `move ${kiloShim} aside and run hookd install --client kilo`,
      ],
    ]);
    const env = { HOME: home, HOOKD_STATE_DIR: path.join(home, 'state') };
    const doctor = await runHookd(['doctor'], { env });
    expect(doctor.stdout).toContain('Amp\'s Stop hook "true"');
    expect((await runHookd(['install', '--client', 'amp'], { env })).exitCode).toBe(0);
    const after = await hooksThatCannotRun(await loadedHere(context), context);
    expect(after.filter((row) => row.reason === 'no-shim').map((row) => row.client)).toEqual(['kilo']);
  });
});
