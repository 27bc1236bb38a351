// Reproduction of issue 21 item 8 (umask): under `umask 000`, `hookd install --add` made the
// examples folder 0777, so another user could replace a script the user's hooks run. Now the
// folders and scripts are closed to others whatever the umask; the second user (created by the
// test; needs root, as CI) cannot write there.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { HOOKD } from '../helpers/paths.js';
import { asOtherUser, isRoot, otherUser } from '../helpers/second-user.js';

afterEach(cleanupTempDirs);

describe('install --add under umask 000 (issue 21 item 8)', () => {
  it.runIf(isRoot)(
    'the examples folder and its scripts are not writable by others; the other user cannot plant a script',
    async () => {
      await otherUser();
      const home = tempDir('hookd-home-');
      // A home others may enter, as homes usually are: only the folders' own modes protect them.
      chmodSync(home, 0o755);
      const settings = path.join(home, 'settings.json');
      writeFileSync(settings, '{}\n');
      const env = {
        HOME: home,
        XDG_DATA_HOME: path.join(home, 'share'),
        HOOKD_STATE_DIR: path.join(home, 'state'),
        PATH: process.env.PATH!,
      };
      const result = await execa('sh', ['-c', `umask 000; exec ${HOOKD} install --add notify --settings ${settings}`], {
        env,
        extendEnv: false,
        reject: false,
      });
      expect(result.exitCode, result.stderr).toBe(0);
      const dir = path.join(home, 'share', 'hookd', 'examples');
      for (const made of [path.join(home, 'share', 'hookd'), dir, path.join(dir, 'notify.sh')])
        expect(statSync(made).mode & 0o022, made).toBe(0);
      const planted = await asOtherUser([
        'sh',
        '-c',
        `rm -f ${dir}/notify.sh && echo 'id > /tmp/pwned' > ${dir}/notify.sh`,
      ]);
      expect(planted.exitCode).not.toBe(0);
    },
  );
});
