// Reproduction of the hardening issue's relative state directory: the bridge ran in the agent's
// working directory and the daemon in its own, so `HOOKD_STATE_DIR=state` named two places and
// events vanished silently. One rule for both: `~/` is the home directory, other relative paths are
// refused, with the same words, by the sh bridge, the front door, the Node bridge and the daemon.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { HOOKD } from '../helpers/paths.js';
import { EMIT_WAYS } from '../helpers/emit-ways.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopPayload } from '../helpers/daemon-process.js';

afterEach(cleanupTempDirs);

describe('a state directory that is not absolute', () => {
  for (const way of EMIT_WAYS) {
    it(`through the ${way.name} bridge: ~/ is the home directory; a relative path is refused with one line, exit 0, nothing stored`, async () => {
      const home = tempDir();
      const cwd = tempDir();
      const env = { HOME: home, PATH: process.env.PATH!, ...way.env };
      const tilde = await execa(way.hookd, ['emit', '--state-dir', '~/hookd-state', '--', 'true'], {
        env,
        extendEnv: false,
        input: stopPayload(),
        cwd,
      });
      expect(tilde).toMatchObject({ exitCode: 0, stderr: '' });
      expect(readdirSync(path.join(home, 'hookd-state', 'inbox', 'new'))).toHaveLength(1);
      const relative = await execa(way.hookd, ['emit', '--', 'true'], {
        env: { ...env, HOOKD_STATE_DIR: 'state' },
        extendEnv: false,
        input: stopPayload(),
        cwd,
        reject: false,
      });
      expect(relative.exitCode).toBe(0);
      expect(relative.stderr).toBe(
        'hookd emit: the state directory must be an absolute path (or start with ~/), got "state"; the event was not stored',
      );
      expect(existsSync(path.join(cwd, 'state'))).toBe(false);
    });
  }

  it('the daemon refuses it too, with exit 2', async () => {
    const cwd = tempDir();
    const result = await execa(HOOKD, ['daemon'], {
      env: { HOOKD_STATE_DIR: 'state' },
      cwd,
      reject: false,
      timeout: 10_000,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      'hookd: HOOKD_STATE_DIR: the state directory must be an absolute path (or start with ~/), got "state"',
    );
    expect(existsSync(path.join(cwd, 'state'))).toBe(false);
  });
});
