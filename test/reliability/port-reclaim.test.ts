// Reproduction of issue 29 item 4: another local user listening on 127.0.0.1:PORT before the daemon
// started left the daemon without a hook listener for its whole life, on neither 127.0.0.1 nor
// [::1], with no retry and nothing in `hookd status`, while the squatter received (and answered) the
// http hooks. Now the daemon holds the other address, tries the missing one again every few
// seconds, takes it back once it is free, and says so in the log, status and doctor meanwhile.
// The other user is created by the test (root, as CI); the [::1] case needs no second user.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runHookd } from '../helpers/run-hookd.js';
import { freePort } from '../../bench/free-port.mjs';
import { isRoot, otherUser, otherUserListens, stopOtherUserListeners, OTHER_USER } from '../helpers/second-user.js';

const ours: Server[] = [];
afterEach(async () => {
  await stopOtherUserListeners();
  for (const server of ours.splice(0)) server.close();
  await stopTestDaemons();
  cleanupTempDirs();
});

// A daemon on `port`, trying a missing address again every 200 ms (HOOKD_PORT_RETRY_MS), so that the wait for a take-back is short.
function daemonOn(port: number): TestDaemon {
  const daemon = testDaemon({});
  daemon.env.HOOKD_TCP_PORT = String(port);
  daemon.env.HOOKD_PORT_RETRY_MS = '200';
  return daemon;
}

const tokenOf = (stateDir: string) => readFileSync(path.join(stateDir, 'local-token'), 'utf8').trim();
const metrics = (url: string, token: string) =>
  fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } }).then(
    (r) => r.status,
    () => 0,
  );

describe("reproduction of issue 29 item 4: the port is the daemon's for its whole life", () => {
  it.runIf(isRoot)(
    'another user on 127.0.0.1:PORT at start: the daemon holds [::1], says so loudly, and takes 127.0.0.1 back once it is free',
    async () => {
      await otherUser();
      const port = await freePort();
      const squatter = await otherUserListens('127.0.0.1', port);
      expect(squatter.said).toBe('listening');
      const daemon = daemonOn(port);
      await daemon.start();
      await waitFor('the log line about the missing address', () =>
        daemon.logs().includes(`the hook listener LACKS 127.0.0.1:${port} (${OTHER_USER} (uid`),
      );

      // [::1] is the daemon's: the other user cannot take it, and the token reaches the daemon there.
      expect((await otherUserListens('::1', port)).said).toBe('EADDRINUSE');
      expect(await metrics(`http://[::1]:${port}`, tokenOf(daemon.stateDir))).toBe(200);

      const status = await runHookd(['status'], { env: daemon.env });
      expect(status.stdout).toContain(`WARNING: the hook listener LACKS 127.0.0.1:${port} (${OTHER_USER} (uid`);
      const json = JSON.parse((await runHookd(['status', '--json'], { env: daemon.env })).stdout) as {
        loopback: { missing: { host: string; heldBy: string }[] };
      };
      expect(json.loopback.missing.map((missing) => missing.host)).toEqual(['127.0.0.1']);
      const doctor = await runHookd(['doctor', '--timeout', '10'], { env: daemon.env });
      expect(doctor.stdout).toMatch(
        new RegExp(`✗ hook listener: the hook listener LACKS 127\\.0\\.0\\.1:${port} \\(${OTHER_USER}`),
      );

      // The squatter leaves: the daemon takes the address back by itself, and says so.
      squatter.child.kill('SIGTERM');
      await squatter.child;
      await waitFor(
        'the daemon to take 127.0.0.1 back',
        () => daemon.logs().includes(`took 127.0.0.1:${port} back`),
        30_000,
      );
      expect(await metrics(`http://127.0.0.1:${port}`, tokenOf(daemon.stateDir))).toBe(200);
      expect((await otherUserListens('127.0.0.1', port)).said).toBe('EADDRINUSE');
      expect((await runHookd(['status'], { env: daemon.env })).stdout).not.toContain('LACKS');
      expect((await runHookd(['doctor', '--timeout', '10'], { env: daemon.env })).stdout).toMatch(
        /✓ hook listener: listening on 127\.0\.0\.1:\d+/,
      );
    },
  );

  it('another process on [::1]:PORT at start: the daemon holds 127.0.0.1, and takes [::1] back once it is free', async () => {
    const port = await freePort();
    const other = createServer();
    ours.push(other);
    await new Promise<void>((resolve) => other.listen(port, '::1', resolve));
    const daemon = daemonOn(port);
    await daemon.start();
    await waitFor('the log line about the missing address', () =>
      daemon.logs().includes(`the hook listener LACKS [::1]:${port}`),
    );
    const token = tokenOf(daemon.stateDir);
    expect(await metrics(`http://127.0.0.1:${port}`, token)).toBe(200);
    expect((await runHookd(['status'], { env: daemon.env })).stdout).toContain(
      `WARNING: the hook listener LACKS [::1]:${port}`,
    );

    await new Promise((resolve) => other.close(resolve));
    await waitFor('the daemon to take [::1] back', () => daemon.logs().includes(`took [::1]:${port} back`), 30_000);
    expect(await metrics(`http://[::1]:${port}`, token)).toBe(200);
    expect((await runHookd(['status'], { env: daemon.env })).stdout).not.toContain('LACKS');
  });

  it('both addresses taken at start: the daemon still runs (the bridge works), and takes both once they are free', async () => {
    const port = await freePort();
    const four = createServer();
    const six = createServer();
    ours.push(four, six);
    await new Promise<void>((resolve) => four.listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => six.listen(port, '::1', resolve));
    const daemon = daemonOn(port);
    await daemon.start();
    expect(daemon.logs()).toContain(`the hook listener holds neither 127.0.0.1:${port} nor [::1]:${port} yet`);
    const status = (await runHookd(['status'], { env: daemon.env })).stdout;
    expect(status).toContain(`LACKS 127.0.0.1:${port}`);
    expect(status).toContain(`LACKS [::1]:${port}`);

    await new Promise((resolve) => four.close(resolve));
    await new Promise((resolve) => six.close(resolve));
    await waitFor(
      'the daemon to take both back',
      () => daemon.logs().includes(`took 127.0.0.1:${port} back`) && daemon.logs().includes(`took [::1]:${port} back`),
      30_000,
    );
    const token = tokenOf(daemon.stateDir);
    expect([await metrics(`http://127.0.0.1:${port}`, token), await metrics(`http://[::1]:${port}`, token)]).toEqual([
      200, 200,
    ]);
    // The stop closes both, wherever each was taken: the port is free again.
    await daemon.stop();
    const again = createServer();
    ours.push(again);
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', resolve));
  });
});
