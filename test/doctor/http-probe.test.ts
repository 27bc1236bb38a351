// hookd doctor with http entries (issue 14): a probe posted the way the entry posts (its URL, its
// headers with the variables Claude Code would fill in), run once and kept out of the history's
// listings; and, when that path is broken, a clear line saying why and what to do.
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { stopTestDaemons, testDaemon, type TestDaemon } from '../helpers/daemon-process.js';
import { fakeProgram } from '../helpers/toolbox.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { profileWithHookd } from '../helpers/login-profile.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';
import { hookTarget } from '../transport/hook-client.js';
import { freePort } from '../../bench/free-port.mjs';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const httpEntry = (port: number) => ({
  type: 'http',
  url: hookdUrl(port, 'Notification', 'notify-send hi'),
  headers: { Authorization: 'Bearer ${HOOKD_TOKEN}' },
  allowedEnvVars: ['HOOKD_TOKEN'],
  timeout: 5,
});

/** Settings with a bridge entry and an http entry to `port`, written where the daemon and doctor read them. */
function withHttpEntry(daemon: TestDaemon, port: number): void {
  writeFileSync(
    daemon.settings,
    JSON.stringify({
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'" }] }],
        Notification: [{ hooks: [httpEntry(port)] }],
      },
    }),
  );
}

/** A PATH whose systemctl says `state` of every unit, then the daemon's PATH. */
function systemctlSays(daemon: TestDaemon, state: string): string {
  const bin = tempDir('hookd-fake-systemctl-');
  fakeProgram(bin, 'systemctl', `echo ${state}`);
  return `${bin}:${daemon.env.PATH}`;
}

async function doctor(daemon: TestDaemon, env: Record<string, string>) {
  profileWithHookd(daemon.dir);
  return runHookdWithEnv(['doctor', '--timeout', '5'], {
    ...daemon.env,
    HOME: daemon.dir,
    RECORD_DIR: tempDir(),
    ...env,
  });
}

describe('hookd doctor with http entries', () => {
  it('posts a probe the way the entry does; it runs once, out of the history listings; says whether the service holds the port', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const { port, token } = await hookTarget(daemon);
    withHttpEntry(daemon, port);
    const result = await doctor(daemon, { HOOKD_TOKEN: token, PATH: systemctlSays(daemon, 'inactive') });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(
      `✓ http probe: a Notification event posted to http://127.0.0.1:${port}/hooks/v1/ ran its hook`,
    );
    expect(result.stdout).toContain(
      `hookd.socket is not active, so nothing holds 127.0.0.1:${port} while the daemon is down: an http hook sent then is lost (the bridge is the safe choice)`,
    );
    expect(result.exitCode).toBe(0);
    // Marked as the probe: left out of the listings unless asked for.
    expect((await daemon.request('GET', '/runs')).body).toEqual({ runs: [] });
    const probes = (await daemon.request('GET', '/runs?probes=1&event=Notification')).body as {
      runs: { command: string }[];
    };
    expect(probes.runs.map((run) => run.command)).toEqual([
      expect.stringMatching(/^echo hookd-doctor-probe [0-9a-f]{12}$/),
    ]);

    const held = await doctor(daemon, { HOOKD_TOKEN: token, PATH: systemctlSays(daemon, 'active') });
    expect(held.stdout).toContain(
      `hookd.socket holds 127.0.0.1:${port}: an http hook sent while the daemon restarts waits for it`,
    );
  });

  it('says when the token the entry sends is not the daemon’s, and when nothing listens where the entries post', async () => {
    const daemon = testDaemon();
    await daemon.start();
    const { port } = await hookTarget(daemon);
    withHttpEntry(daemon, port);
    const noToken = await doctor(daemon, {});
    expect(noToken.exitCode).toBe(1);
    expect(noToken.stdout).toContain(
      '✗ http probe: the daemon refused the token the entry sends ($HOOKD_TOKEN is not set here): every http hook is refused',
    );
    expect(noToken.stdout).toContain(`→ export HOOKD_TOKEN="$(cat '${daemon.stateDir}/local-token')"`);
    const wrong = await doctor(daemon, { HOOKD_TOKEN: 'f'.repeat(64) });
    expect(wrong.stdout).toContain('($HOOKD_TOKEN is set here but is not the token)');

    // The entries post to a port no daemon listens on.
    withHttpEntry(daemon, 9);
    const refused = await doctor(daemon, { HOOKD_TOKEN: 'x' });
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toContain(
      '✗ http probe: the daemon cannot be reached the way the http hooks post (ECONNREFUSED on 127.0.0.1:9): every http hook is lost until it can',
    );
    expect(refused.stdout).toContain('✓ probe event');
  });

  it('without a daemon, says that an http hook sent now is lost', async () => {
    const daemon = testDaemon();
    // A port of its own: the user's daemon may hold 14653 beside the suite.
    const port = await freePort();
    withHttpEntry(daemon, port);
    const result = await doctor(daemon, { PATH: systemctlSays(daemon, 'inactive') });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      `✗ http probe: not sent: the daemon is not running; hookd.socket is not active, so nothing holds 127.0.0.1:${port} while the daemon is down: an http hook sent then is lost (the bridge is the safe choice)`,
    );
  });
});
