// Reproductions of issue 21 item 2, with a second local user (created by the test; needs root, as
// CI): another user bound [::1]:PORT under a running daemon (an entry that says localhost reaches
// it first), or 127.0.0.1:PORT while the daemon was down, and received the hooks and their token,
// and `hookd doctor` sent them the token too. Now the daemon holds both addresses; doctor asks the
// kernel who listens before it sends anything and names the other user (or, issue 23, another
// process of this user, instead of blaming the token); the token is rotated whenever another
// user's listener is seen.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import path from 'node:path';
import { stopTestDaemons, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookd } from '../helpers/run-hookd.js';
import { isRoot, otherUser, otherUserListens, stopOtherUserListeners, OTHER_USER } from '../helpers/second-user.js';
import { freePort } from '../../bench/free-port.mjs';
import { hookdUrl } from '../../src/settings/hookd-url.js';

afterEach(async () => {
  await stopOtherUserListeners();
  await stopTestDaemons();
  cleanupTempDirs();
});

const tokenOf = (stateDir: string) => readFileSync(path.join(stateDir, 'local-token'), 'utf8').trim();

describe('another local user and the loopback port (issue 21 item 2)', () => {
  it.runIf(isRoot)('cannot bind [::1]:PORT while the daemon runs', async () => {
    await otherUser();
    const daemon = testDaemon({});
    await daemon.start();
    const port = await daemon.loopbackPort();
    expect((await otherUserListens('::1', port)).said).toBe('EADDRINUSE');
    expect((await otherUserListens('127.0.0.1', port)).said).toBe('EADDRINUSE');
  });

  it.runIf(isRoot)(
    'a daemon that finds another user on [::1]:PORT at start says who, and rotates its token',
    async () => {
      await otherUser();
      const port = await freePort();
      const daemon = testDaemon({});
      daemon.env.HOOKD_TCP_PORT = String(port);
      expect((await otherUserListens('::1', port)).said).toBe('listening');
      await daemon.start();
      const before = tokenOf(daemon.stateDir);
      await daemon.stop();
      await daemon.start();
      await waitFor('the warning about the other user', () => daemon.logs().includes(`${OTHER_USER} (uid`));
      expect(daemon.logs()).toContain(
        `listens on ::1:${port}, where http hooks go: it may have received hooks and their token, so the token was rotated`,
      );
      expect(tokenOf(daemon.stateDir)).not.toBe(before);
    },
  );

  it.runIf(isRoot)(
    'doctor names the other user holding 127.0.0.1:PORT and sends it nothing; the token is rotated',
    async () => {
      await otherUser();
      const port = await freePort();
      const entry = {
        type: 'http',
        url: hookdUrl(port, 'Notification', 'true'),
        headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
        allowedEnvVars: ['HOOKD_TOKEN'],
        timeout: 5,
      };
      const daemon = testDaemon({ Notification: [{ hooks: [entry] }] });
      daemon.env.HOOKD_TCP_PORT = '0';
      await daemon.start();
      const token = tokenOf(daemon.stateDir);
      // The daemon is on another port: the entries' port is free, and the other user takes it.
      const { said, log } = await otherUserListens('127.0.0.1', port);
      expect(said).toBe('listening');
      const doctor = await runHookd(['doctor', '--timeout', '5'], { env: { ...daemon.env, HOOKD_TOKEN: token } });
      expect(doctor.exitCode).toBe(1);
      expect(doctor.stdout).toMatch(
        new RegExp(
          `✗ port owner: another user listens where the http hooks go \\(${OTHER_USER} \\(uid \\d+\\) on 127\\.0\\.0\\.1:${port}\\): doctor did not send the token there`,
        ),
      );
      expect(doctor.stdout).toContain('✗ http probe: not sent');
      expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
      expect(tokenOf(daemon.stateDir)).not.toBe(token);
      // The daemon itself refuses the old token from now on (it was rotated through the daemon).
      const old = await fetch(`http://127.0.0.1:${await daemon.loopbackPort()}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(old.status).toBe(401);
    },
  );

  it('doctor names another process of this user holding the port (issue 23), sends it nothing, and does not blame the token', async () => {
    const port = await freePort();
    const entry = {
      type: 'http',
      url: hookdUrl(port, 'Notification', 'true'),
      headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
      allowedEnvVars: ['HOOKD_TOKEN'],
      timeout: 5,
    };
    const daemon = testDaemon({ Notification: [{ hooks: [entry] }] });
    await daemon.start();
    const token = tokenOf(daemon.stateDir);
    // Something else of ours on the entries' port: it answers every request 401, as a wrong token would be.
    const seen: string[] = [];
    const other = createHttpServer((req, res) => {
      seen.push(String(req.headers.authorization));
      res.writeHead(401);
      res.end();
    });
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      const doctor = await runHookd(['doctor', '--timeout', '5'], { env: { ...daemon.env, HOOKD_TOKEN: token } });
      expect(doctor.exitCode).toBe(1);
      expect(doctor.stdout).toMatch(
        new RegExp(
          `✗ port owner: 127\\.0\\.0\\.1:${port} is held by pid ${process.pid} \\(.*node.*\\), not by the hookd daemon \\(pid \\d+\\): the http hooks go there, and doctor did not send the token`,
        ),
      );
      expect(doctor.stdout).not.toMatch(/refused the token/);
      expect(seen).toEqual([]);
    } finally {
      other.close();
    }
  });

  it('hookd token rotate: the daemon refuses the old token at once and takes the new one', async () => {
    const daemon = testDaemon({});
    await daemon.start();
    const port = await daemon.loopbackPort();
    const old = tokenOf(daemon.stateDir);
    const rotated = await runHookd(['token', 'rotate'], { env: daemon.env });
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain('the running daemon refuses the old one from now on');
    const fresh = tokenOf(daemon.stateDir);
    expect(fresh).not.toBe(old);
    const metrics = (token: string) =>
      fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      );
    expect(await metrics(old)).toBe(401);
    expect(await metrics(fresh)).toBe(200);
    // Without a daemon: the file alone, which the next daemon reads.
    await daemon.stop();
    const offline = await runHookd(['token', 'rotate'], { env: daemon.env });
    expect(offline.stdout).toContain('no daemon is running; the next one uses it');
    const third = tokenOf(daemon.stateDir);
    expect(third).not.toBe(fresh);
    expect(statSync(path.join(daemon.stateDir, 'local-token')).mode & 0o777).toBe(0o600);
    await daemon.start();
    const next = await daemon.loopbackPort();
    const metricsOn = (token: string) =>
      fetch(`http://127.0.0.1:${next}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      );
    expect([await metricsOn(fresh), await metricsOn(third)]).toEqual([401, 200]);
  });
});
