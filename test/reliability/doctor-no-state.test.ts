// Reproduction of issue 29 item 6: `hookd doctor` crashed (ENOENT on local-token.*.tmp) when
// another user held the http hooks' port and the state directory did not exist yet: it rotated a
// token into a directory nobody had made. Doctor never crashes on a missing state directory: it
// names the other user, sends nothing, and says that no token exists yet to have leaked (making
// none, and no directory). The other user is created by the test (root, as CI).
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';
import { freePort } from '../../bench/free-port.mjs';
import { isRoot, otherUser, otherUserListens, stopOtherUserListeners, OTHER_USER } from '../helpers/second-user.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';
import { ROOT } from '../helpers/paths.js';

afterEach(async () => {
  await stopOtherUserListeners();
  cleanupTempDirs();
});

// Settings whose Notification posts to hookd on `port`, on a state directory that is not there.
function freshUser(port: number): { env: Record<string, string>; stateDir: string } {
  const dir = tempDir();
  const settings = path.join(dir, 'settings.json');
  const entry = {
    type: 'http',
    url: hookdUrl(port, 'Notification', 'true'),
    headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
    allowedEnvVars: ['HOOKD_TOKEN'],
    timeout: 5,
  };
  writeFileSync(settings, JSON.stringify({ hooks: { Notification: [{ hooks: [entry] }] } }));
  const stateDir = path.join(dir, 'state');
  return {
    stateDir,
    env: {
      HOOKD_SETTINGS: settings,
      HOOKD_STATE_DIR: stateDir,
      HOOKD_TCP_PORT: String(port),
      PATH: `${path.join(ROOT, 'bin')}:${process.env.PATH}`,
    },
  };
}

describe('reproduction of issue 29 item 6: doctor and a state directory not made yet', () => {
  it.runIf(isRoot)(
    'another user on the port: doctor reports it, sends nothing, and neither crashes nor makes a token',
    async () => {
      await otherUser();
      const port = await freePort();
      const { said, log } = await otherUserListens('127.0.0.1', port);
      expect(said).toBe('listening');
      const { env, stateDir } = freshUser(port);
      const doctor = await runHookd(['doctor', '--timeout', '5'], { env });
      expect(doctor.stderr).not.toMatch(/ENOENT|local-token\..*\.tmp|at .*\.js/);
      expect(doctor.exitCode).toBe(1);
      expect(doctor.stdout).toMatch(
        new RegExp(
          `✗ port owner: another user listens where the http hooks go \\(${OTHER_USER} \\(uid \\d+\\) on 127\\.0\\.0\\.1:${port}\\): doctor did not send the token there`,
        ),
      );
      expect(doctor.stdout).toContain('no token has been made yet');
      expect(doctor.stdout).toMatch(/\d+ check\(s\) failed/);
      expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
      expect(existsSync(path.join(stateDir, 'local-token'))).toBe(false);
    },
  );

  it('no daemon and no state directory: every check is reported, nothing crashes', async () => {
    const { env } = freshUser(await freePort());
    const doctor = await runHookd(['doctor', '--timeout', '5'], { env });
    expect(doctor.stderr).toBe('');
    expect(doctor.exitCode).toBe(1);
    expect(doctor.stdout).toContain('✗ daemon: no daemon answers on');
    expect(doctor.stdout).toMatch(/\d+ check\(s\) failed/);
  });
});
