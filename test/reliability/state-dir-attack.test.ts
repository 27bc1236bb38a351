// Reproduction of issue 11 item 3: a state directory reached through a symlink in a shared
// directory was checked once, then resolved again on every operation; another local user repointed
// the symlink at a directory of theirs and had a planted command run as the victim. Now the path is
// resolved once, every name on it must be the user's or root's, a directory holding one must not
// be writable by others unless sticky, and the daemon uses the real path it checked.
//
// The attack needs a second local user, and creating one needs root: CI runs as root and creates
// `hookd-attacker`. Elsewhere that test does not run (the others do).
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { stopPayload, stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';
import { asOtherUser, isRoot, otherUser } from '../helpers/second-user.js';
import { requestDaemon } from '../../src/server/socket-client.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const PATH = process.env.PATH!;

describe('a state directory another user could redirect', () => {
  // Needs a second local user, which only root can create: see the note at the top of this file.
  it.runIf(isRoot)(
    "another user's symlink in a sticky /tmp-like directory, repointed under the daemon: refused at start, the planted command never runs, the bridge stores nothing there",
    async () => {
      const uid = await otherUser();
      const base = tempDir();
      chmodSync(base, 0o755);
      const victim = path.join(base, 'victim');
      mkdirSync(victim, { mode: 0o700 });
      const shared = path.join(base, 'shared');
      mkdirSync(shared);
      chmodSync(shared, 0o1777);
      const link = path.join(shared, 'state');
      expect((await asOtherUser(['ln', '-s', victim, link])).exitCode).toBe(0);
      // The other user's own state directory, holding a planted event as its bridge writes one; only
      // a command run as the victim (root) could create `planted` in the victim's directory `base`.
      const evil = path.join(shared, 'evil');
      const planted = path.join(base, 'planted');
      const plant = await asOtherUser(['sh', '-c', `${HOOKD} emit -- 'touch ${planted}'`], {
        env: { HOOKD_STATE_DIR: evil, PATH },
        input: stopPayload(),
      });
      expect(plant.stderr).toBe('');
      expect(readdirSync(path.join(evil, 'inbox', 'new'))).toHaveLength(1);
      // A file where the daemon looks for its socket: the old daemon, seeing it, went on.
      expect((await asOtherUser(['touch', path.join(evil, 'hookd.sock')])).exitCode).toBe(0);

      const daemon = testDaemon({});
      const env = { ...daemon.env, HOOKD_STATE_DIR: link };
      const child: ResultPromise = execa(HOOKD, ['daemon'], { env, reject: false, all: true });
      try {
        let exited = false;
        void child.then(() => (exited = true));
        // The old daemon started here (the symlink then led to the victim's own directory).
        await waitFor(
          'the daemon to refuse or to answer',
          async () =>
            exited ||
            (await requestDaemon(path.join(link, 'hookd.sock'), 'GET', '/health').then(
              (r) => r.status === 200,
              () => false,
            )),
        );
        expect((await asOtherUser(['ln', '-sfn', evil, link])).exitCode).toBe(0);
        // The old daemon ran the planted command within 5 s of the repointing; this one never started.
        await waitFor('the daemon to end (or the planted command to run)', () => exited || existsSync(planted), 15_000);
        const result = await child;
        expect(existsSync(planted)).toBe(false);
        expect(result.exitCode).toBe(1);
        expect(String(result.all)).toContain(
          `hookd: ${link}: its path goes through ${link}, which belongs to another user (uid ${uid}); another user could redirect it.`,
        );
      } finally {
        child.kill('SIGKILL');
        await child;
      }
      // The victim's bridge, through the repointed path, does not hand its event to the other user.
      const bridge = await execa('sh', ['-c', `${HOOKD} emit -- true`], { env, input: stopPayload() });
      expect(bridge).toMatchObject({
        exitCode: 0,
        stderr: `hookd emit: the state directory ${link} belongs to another user; the event was not stored`,
      });
      expect(readdirSync(path.join(evil, 'inbox', 'new'))).toHaveLength(1);
    },
  );

  it('refuses a path through a directory others can write that is not sticky, and accepts one of ours in a sticky directory', async () => {
    const base = tempDir();
    const open = path.join(base, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const daemon = testDaemon({});
    const refused = await execa(HOOKD, ['daemon'], {
      env: { ...daemon.env, HOOKD_STATE_DIR: path.join(open, 'state') },
      reject: false,
      timeout: 10_000,
    });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(
      `hookd: ${path.join(open, 'state')}: its path goes through ${open}, which others can write (and it is not sticky); another user could redirect it.`,
    );
    chmodSync(open, 0o1777);
    daemon.stateDir = path.join(open, 'state');
    daemon.socket = path.join(daemon.stateDir, 'hookd.sock');
    daemon.env.HOOKD_STATE_DIR = daemon.stateDir;
    await daemon.start();
    expect((await daemon.request('GET', '/health')).status).toBe(200);
  });

  it('uses the real path it checked at start: the symlink repointed under the daemon leads it nowhere else, and it stops saying so', async () => {
    const base = tempDir();
    const real = path.join(base, 'real');
    const other = path.join(base, 'other');
    const link = path.join(base, 'state');
    mkdirSync(real, { mode: 0o700 });
    symlinkSync(real, link);
    const out = tempDir();
    const daemon = testDaemon({});
    Object.assign(daemon, { stateDir: link, socket: path.join(link, 'hookd.sock') });
    daemon.env.HOOKD_STATE_DIR = link;
    await daemon.start();
    expect((await daemon.request('GET', '/status')).body).toMatchObject({
      stateDir: real,
      socket: path.join(real, 'hookd.sock'),
    });
    await execa('sh', ['-c', `${HOOKD} emit -- 'touch ${out}/planted'`], {
      env: { ...daemon.env, HOOKD_STATE_DIR: other },
      input: stopPayload(),
    });
    symlinkSync(other, `${link}.new`);
    renameSync(`${link}.new`, link);
    const result = await daemon.process!;
    daemon.process = undefined;
    expect(result.exitCode).toBe(1);
    expect(daemon.logs()).toContain(
      `hookd: ${link} now leads to ${other}, not to ${real} where the daemon started; stopping (start it again to use the new place)`,
    );
    expect(existsSync(path.join(out, 'planted'))).toBe(false);
  });
});
