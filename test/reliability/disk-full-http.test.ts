// Reproduction of issue 21 item 8 (full disk, http path): on a full disk the hook endpoint answered
// 500 ("not stored") but left a half-written record in inbox/tmp, which the intake took for a dead
// bridge's a minute later and ran (61 s after the 500). Now nothing of a refused event stays in the
// inbox. A real full disk is a tiny tmpfs, which needs root to mount (CI runs as root).
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { isRoot } from '../helpers/second-user.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';
import { clientHeaders, hookPath, hookTarget, rawRequest } from '../transport/hook-client.js';

const mounts: string[] = [];
// A Notification: its http hooks are stored in the inbox and answered at once (a deciding event's run in line).
const notification = (fields: Record<string, unknown>) =>
  JSON.stringify({
    session_id: 's',
    transcript_path: '',
    cwd: '/',
    hook_event_name: 'Notification',
    message: 'm',
    ...fields,
  });
afterEach(async () => {
  await stopTestDaemons();
  for (const dir of mounts.splice(0)) await execa('umount', [dir], { reject: false });
  cleanupTempDirs();
});

describe('a full disk under the hook endpoint (issue 21 item 8)', () => {
  it.runIf(isRoot)(
    'answers 500 and leaves nothing in the inbox that could run later; once space returns, a post is stored and runs',
    async () => {
      const tiny = path.join(tempDir(), 'tiny');
      mkdirSync(tiny);
      await execa('mount', ['-t', 'tmpfs', '-o', 'size=512k,mode=0700', 'tmpfs', tiny]);
      mounts.push(tiny);
      const out = tempDir();
      const command = `cat > ${out}/$HOOKD_EVENT_ID`;
      const daemon = testDaemon({
        Notification: [
          {
            hooks: [
              {
                type: 'http',
                url: hookdUrl(14653, 'Notification', command),
                headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
                allowedEnvVars: ['HOOKD_TOKEN'],
              },
            ],
          },
        ],
      });
      daemon.stateDir = path.join(tiny, 'state');
      daemon.socket = path.join(daemon.stateDir, 'hookd.sock');
      daemon.env.HOOKD_STATE_DIR = daemon.stateDir;
      await daemon.start();
      const { port, token } = await hookTarget(daemon);
      const post = (payload: string) =>
        rawRequest(port, {
          path: hookPath(port, 'Notification', command),
          headers: clientHeaders(port, token, payload),
          body: payload,
        });
      await execa('sh', ['-c', `dd if=/dev/zero of=${tiny}/filler bs=4k 2>/dev/null; true`]);
      // A payload larger than any slack a block may have left.
      const refused = await post(notification({ pad: 'x'.repeat(16 * 1024) }));
      expect(refused.status).toBe(500);
      expect(refused.body).toMatch(/cannot store the event in the inbox: ENOSPC/);
      const inbox = path.join(daemon.stateDir, 'inbox');
      expect({ tmp: readdirSync(path.join(inbox, 'tmp')), new: readdirSync(path.join(inbox, 'new')) }).toEqual({
        tmp: [],
        new: [],
      });

      rmSync(path.join(tiny, 'filler'));
      expect((await post(notification({ after: 1 }))).status).toBe(204);
      await waitFor('the event posted after the disk freed to run', () => readdirSync(out).length === 1);
    },
  );
});
