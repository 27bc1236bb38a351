// Reproduction of issue 29 item 6: `hookd token rotate` said "no daemon is running", wrote a new
// token and left the old one valid when the daemon served another socket, or was busy past the
// request's 5 s. A daemon found through its lock that does not answer now makes the rotation fail
// (exit 1), with nothing written: the old token is the one both the file and the daemon hold.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { runHookd } from '../helpers/run-hookd.js';

const stopped: number[] = [];
afterEach(async () => {
  // A stopped daemon is let go on before it is killed, so that nothing is left frozen.
  for (const pid of stopped.splice(0)) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // Gone already.
    }
  }
  await stopTestDaemons();
  cleanupTempDirs();
});

const tokenOf = (stateDir: string) => readFileSync(path.join(stateDir, 'local-token'), 'utf8');

// The daemon still takes `token` on its loopback listener.
async function accepts(daemon: TestDaemon, token: string): Promise<number> {
  const port = await daemon.loopbackPort();
  return (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token.trim()}` } }))
    .status;
}

describe('reproduction of issue 29 item 6: token rotation that cannot reach a live daemon', () => {
  it('fails and writes nothing when the daemon serves another socket', async () => {
    const daemon = testDaemon({});
    await daemon.start();
    const before = tokenOf(daemon.stateDir);
    const rotated = await runHookd(['token', 'rotate'], {
      env: { ...daemon.env, HOOKD_SOCKET: path.join(daemon.dir, 'elsewhere.sock') },
    });
    expect(rotated.exitCode).toBe(1);
    expect(rotated.stderr).toMatch(
      /a hookd daemon \(pid \d+\) runs on .*, but it did not answer on .*elsewhere\.sock \(ENOENT\): the token was not rotated and nothing was written/,
    );
    expect(rotated.stdout).toBe('');
    expect(tokenOf(daemon.stateDir)).toBe(before);
    expect(await accepts(daemon, before)).toBe(200);
  });

  it('fails and writes nothing when the daemon is too busy to answer', async () => {
    const daemon = testDaemon({});
    await daemon.start();
    const port = await daemon.loopbackPort();
    const before = tokenOf(daemon.stateDir);
    const { pid } = (await daemon.request('GET', '/status')).body as { pid: number };
    // Frozen, as a daemon whose event loop is held: the kernel still accepts connections for it.
    stopped.push(pid);
    process.kill(pid, 'SIGSTOP');
    const rotated = await runHookd(['token', 'rotate'], { env: daemon.env });
    process.kill(pid, 'SIGCONT');
    expect(rotated.exitCode).toBe(1);
    expect(rotated.stderr).toMatch(
      /a hookd daemon \(pid \w+\) runs on .*, but it did not answer on .*: the token was not rotated and nothing was written/,
    );
    // The daemon lives on (a probe of its lock that hung up early crashed it with EPIPE). Once it has
    // read what waited for it (the rotation request, which it may carry out now), the file and the
    // daemon hold the same token: never a file the daemon does not take.
    const alive = await daemon.request('GET', '/health').then(
      (r) => r.status,
      (error: Error) => `${error.message}; the daemon said: ${daemon.logs().slice(-2000)}`,
    );
    expect(alive).toBe(200);
    const now = tokenOf(daemon.stateDir);
    const status = (token: string) =>
      fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token.trim()}` } }).then(
        (r) => r.status,
      );
    expect(await status(now)).toBe(200);
    if (now !== before) expect(await status(before)).toBe(401);
  });

  it('still writes the file alone when no daemon runs (a stale lock is no daemon)', async () => {
    const daemon = testDaemon({});
    await daemon.start();
    const before = tokenOf(daemon.stateDir);
    // Killed: its lock socket is left behind, and nothing listens on it.
    await daemon.kill9();
    const rotated = await runHookd(['token', 'rotate'], { env: daemon.env });
    expect(rotated.exitCode, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain('no daemon is running; the next one uses it');
    expect(tokenOf(daemon.stateDir)).not.toBe(before);
  });
});
