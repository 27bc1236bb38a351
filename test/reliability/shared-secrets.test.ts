// Reproductions of issue 21 items 1 and 5, with a second local user (created by the test; needs
// root, as CI). Item 1: the README had users export HOOKD_TOKEN in their profile; `hookd service
// install` copied it into a unit file written 0644, which the other user read; and every hook
// inherited HOOKD_TOKEN and OTEL_EXPORTER_OTLP_HEADERS from the daemon. Item 5: with the token, the
// loopback listener took POST /events?command=ANY (the allowlist of http hook commands protected
// nothing). Now the service file is 0600 and holds no token, a hook's environment holds neither
// secret, and the listener serves only the hook endpoint, the page and /metrics.
import { afterEach, describe, expect, it } from 'vitest';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { stopTestDaemons, stopPayload, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { fakeProgram, toolbox } from '../helpers/toolbox.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { asOtherUser, isRoot, otherUser } from '../helpers/second-user.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const SECRET_TOKEN = 'f'.repeat(64);
const OTLP_HEADERS = 'authorization=Bearer otlp-secret-123';

describe('secrets in files and environments (issue 21 item 1)', () => {
  it.runIf(isRoot)(
    'hookd service install writes its files 0600 and never the token; the other user reads nothing',
    async () => {
      await otherUser();
      // The home is reachable by the other user, as a home usually is: only the files' own modes protect them.
      const home = tempDir('hookd-home-');
      chmodSync(home, 0o755);
      const record = tempDir('hookd-record-');
      const bin = toolbox(['cat']);
      fakeProgram(bin, 'systemctl', `[ "$2" = is-active ] && { echo active; exit 0; }`);
      const env = {
        HOME: home,
        PATH: bin,
        RECORD_DIR: record,
        XDG_CONFIG_HOME: path.join(home, 'config'),
        HOOKD_TOKEN: SECRET_TOKEN,
        HOOKD_LOG_LEVEL: 'debug',
      };
      const result = await runHookdWithEnv(['service', 'install'], env);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(result.stdout).toContain('note: HOOKD_TOKEN is set here but is not written into the service file');
      for (const name of ['hookd.service', 'hookd.socket']) {
        const file = path.join(home, 'config', 'systemd', 'user', name);
        expect(statSync(file).mode & 0o777, file).toBe(0o600);
        expect(readFileSync(file, 'utf8')).not.toContain(SECRET_TOKEN);
        chmodSync(path.dirname(file), 0o755);
        const read = await asOtherUser(['cat', file]);
        expect(read.exitCode, `the other user read ${file}`).not.toBe(0);
      }
      expect(readFileSync(path.join(home, 'config', 'systemd', 'user', 'hookd.service'), 'utf8')).toContain(
        'HOOKD_LOG_LEVEL=debug',
      );
    },
  );

  it('a hook never sees HOOKD_TOKEN or the OTLP headers the daemon was started with', async () => {
    const out = tempDir();
    const command = `env > ${out}/env`;
    const daemon = testDaemon({ Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'` }] }] });
    Object.assign(daemon.env, {
      HOOKD_TOKEN: SECRET_TOKEN,
      OTEL_EXPORTER_OTLP_HEADERS: OTLP_HEADERS,
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: OTLP_HEADERS,
    });
    await daemon.start();
    expect((await daemon.emit(command, stopPayload())).exitCode).toBe(0);
    await waitFor('the hook to run', () => daemon.history().length === 1);
    const env = readFileSync(path.join(out, 'env'), 'utf8');
    expect(env).toMatch(/^HOOKD_EVENT_ID=/m);
    expect(env).not.toContain(SECRET_TOKEN);
    expect(env).not.toContain('otlp-secret-123');
  });
});

describe('the loopback listener serves only what needs TCP (issue 21 item 5)', () => {
  it('with the token: POST /events?command=… , /status, /runs and the proxy are not there; the hook endpoint and /metrics are', async () => {
    const out = tempDir();
    const daemon = testDaemon({});
    await daemon.start();
    const port = await daemon.loopbackPort();
    const token = readFileSync(path.join(daemon.stateDir, 'local-token'), 'utf8').trim();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = await fetch(`http://127.0.0.1:${port}/events?command=${encodeURIComponent(`id > ${out}/pwned`)}`, {
      method: 'POST',
      headers,
      body: stopPayload(),
    });
    expect(post.status).toBe(404);
    for (const target of ['/status', '/runs', '/health', '/api/v0/sessions']) {
      expect((await fetch(`http://127.0.0.1:${port}${target}`, { headers })).status, target).toBe(404);
    }
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers })).status).toBe(200);
    // A command no settings file posts here is refused by the hook endpoint, as before.
    const hook = await fetch(
      `http://127.0.0.1:${port}/hooks/v1/Stop?command=${encodeURIComponent(`id > ${out}/pwned`)}`,
      { method: 'POST', headers: { ...headers, host: `127.0.0.1:${port}` }, body: stopPayload() },
    );
    expect(hook.status).toBe(403);
    // The same routes still answer on the unix socket, which only the user reaches.
    expect((await daemon.request('GET', '/status')).status).toBe(200);
  });
});
