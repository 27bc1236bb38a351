// hookd doctor as a process against a real daemon: every check passing, and each failing with
// what to do.
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { testDaemon, type TestDaemon, stopTestDaemons } from '../helpers/daemon-process.js';
import { ROOT } from '../helpers/paths.js';
import { fakeProgram, toolbox } from '../helpers/toolbox.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { profileWithHookd } from '../helpers/login-profile.js';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

const wrapped = { Stop: [{ hooks: [{ type: 'command', command: "hookd emit -- 'true'", timeout: 5 }] }] };

describe('hookd doctor', () => {
  it('passes every check with valid settings, this hookd on PATH, and a running daemon that runs the probe', async () => {
    const daemon = testDaemon(wrapped);
    await daemon.start();
    profileWithHookd(daemon.dir);
    const result = await runHookdWithEnv(['doctor'], { ...daemon.env, HOME: daemon.dir });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((line) => line.slice(0, 2))).toEqual(['✓ ', '✓ ', '✓ ', '✓ ', '✓ ', '✓ ', '✓ ', '✓ ', '✓ ', 'al']);
    expect(result.stdout).toMatch(/✓ hookd on PATH: .*bin\/hookd/);
    // The clone's own bridge, compiled by npm run build (issue 33: said, never silent).
    expect(result.stdout).toMatch(/✓ bridge in use: native, built here \(.*dist\/hookd-bridge\)/);
    // The clone's bin/hookd is the script (a tracked file); its front door is in dist/front-door (issue 33).
    expect(result.stdout).toMatch(
      /✓ front door: the shell script \(.*bin\/hookd\), a second sh before the bridge on every hook: a git checkout, where bin\/hookd is a tracked file; for the native one put .*dist\/front-door on PATH/,
    );
    expect(result.stdout).toMatch(/✓ hook listener: listening on 127\.0\.0\.1:\d+ and its IPv6 loopback/);
    expect(result.stdout).toMatch(/✓ probe event: a Stop event went through the inbox and its hook ran/);
    const status = await daemon.request('GET', '/events?limit=5');
    expect(JSON.stringify(status.body)).toMatch(/echo hookd-doctor-probe [0-9a-f]{12}/);

    const json = await runHookdWithEnv(['doctor', '--json'], { ...daemon.env, HOME: daemon.dir });
    const report = JSON.parse(json.stdout) as { ok: boolean; checks: { name: string; ok: boolean }[] };
    expect(report.ok).toBe(true);
    expect(report.checks.map((check) => check.name)).toEqual([
      'settings',
      'bridge',
      'hookd on PATH',
      'bridge in use',
      'front door',
      'clients reach hookd',
      'daemon',
      'hook listener',
      'probe event',
    ]);
  });

  it("names why a notification hook's runs are recorded ok and never seen: no notify-send, no display", async () => {
    const daemon = testDaemon({
      Stop: [{ hooks: [{ type: 'command', command: "hookd sync -- 'notify-send Agent finished'", timeout: 5 }] }],
      Notification: wrapped.Stop,
    });
    await daemon.start();
    const bin = path.join(ROOT, 'bin');
    const without = await runHookdWithEnv(['doctor'], {
      ...daemon.env,
      HOME: daemon.dir,
      PATH: `${bin}:${toolbox(['sh', 'cat'])}`,
    });
    expect(without.exitCode).toBe(1);
    expect(without.stdout).toMatch(
      /✗ notifications: agent client's Stop hook \(hookd sync -- 'notify-send Agent finished'\) sends desktop notifications, but notify-send is not installed here: each run is recorded ok and nothing is ever shown\n {4}→ install notify-send/,
    );
    expect(without.stdout).not.toContain('all checks passed');
    expect(without.stdout).toContain('✓ bridge: 1 hook(s) run through hookd emit, 1 through hookd sync');
    const noDisplay = await runHookdWithEnv(['doctor'], {
      ...daemon.env,
      HOME: daemon.dir,
      PATH: `${bin}:${toolbox(['sh', 'cat'], ['notify-send'])}`,
    });
    expect(noDisplay.stdout).toMatch(
      /✗ notifications: .* but there is no display here \(DISPLAY and WAYLAND_DISPLAY are unset\)/,
    );
    const shown = await runHookdWithEnv(['doctor'], {
      ...daemon.env,
      HOME: daemon.dir,
      PATH: `${bin}:${toolbox(['sh', 'cat'], ['notify-send'])}`,
      DISPLAY: ':0',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
    });
    expect(shown.stdout).toContain('✓ notifications: notify-send and a display (X :0) are here');
  });

  it('fails with what to do: no bridge entries, no hookd on PATH, no daemon', async () => {
    const dir = tempDir();
    const settings = path.join(dir, 'settings.json');
    writeFileSync(
      settings,
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo plain' }] }] } }),
    );
    const result = await runHookdWithEnv(['doctor', '--settings', settings, '--state-dir', path.join(dir, 'state')], {
      HOME: dir,
      PATH: toolbox([]),
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('✓ settings: ');
    expect(result.stdout).toContain(
      '✗ bridge: no hook runs through hookd emit, so the daemon has nothing to do\n    → hookd install',
    );
    expect(result.stdout).toContain(
      '✗ hookd on PATH: no hookd on PATH: a client started from here runs each installed hook itself, and hookd sees none of those runs\n    → npm link in',
    );
    expect(result.stdout).toMatch(
      /✗ daemon: no daemon answers on .*hookd\.sock \(ENOENT\)\n {4}→ start it: hookd service install/,
    );
    expect(result.stdout).toContain('✗ probe event: not sent: the daemon is not running');
    expect(result.stdout).toContain('✗ clients reach hookd: a login shell (sh -l): no hookd on its PATH');
    expect(result.stdout.trim().split('\n').at(-1)).toBe('5 check(s) failed');
  });

  it('names another hookd found first on PATH, and invalid settings', async () => {
    const dir = tempDir();
    const other = toolbox([]);
    fakeProgram(other, 'hookd');
    const settings = path.join(dir, 'settings.json');
    writeFileSync(settings, '{ "hooks": { "Stop": "x" } }');
    const result = await runHookdWithEnv(['doctor', '--settings', settings, '--state-dir', path.join(dir, 'state')], {
      HOME: dir,
      PATH: `${other}:${path.join(ROOT, 'bin')}`,
    });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`✗ hookd on PATH: PATH runs ${path.join(other, 'hookd')}`);
    expect(result.stdout).toContain(`not this hookd (${path.join(ROOT, 'bin', 'hookd')})`);
    expect(result.stdout).toMatch(/✗ settings: .*settings\.json: hooks\.Stop: expected an array/);
  });

  it('checks the PATH given with --path instead of its own', async () => {
    const dir = tempDir();
    const result = await runHookdWithEnv(
      ['doctor', '--path', path.join(ROOT, 'bin'), '--state-dir', path.join(dir, 'state')],
      { HOME: dir, PATH: toolbox([]) },
    );
    expect(result.stdout).toContain(`✓ hookd on PATH: ${path.join(ROOT, 'bin', 'hookd')}`);
  });

  it('sends its probe the way the client does, and fails when the bridge stores events where the daemon does not look (state directory by flag)', async () => {
    const lost = testDaemon(wrapped);
    await lost.start();
    const { HOOKD_STATE_DIR: stateDir, ...clientEnv } = lost.env;
    const args = ['doctor', '--settings', lost.settings, '--state-dir', stateDir!, '--timeout', '2'];
    const result = await runHookdWithEnv(args, { ...clientEnv, HOME: lost.dir });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      `✗ probe event: the client's events would not arrive: its bridge (hookd emit -- 'echo hookd-doctor-probe`,
    );
    expect(result.stdout).toContain(
      `the daemon watches ${stateDir}\n    → run hookd install --state-dir ${stateDir} again`,
    );

    writeFileSync(
      lost.settings,
      JSON.stringify({
        hooks: { Stop: [{ hooks: [{ type: 'command', command: `hookd emit --state-dir '${stateDir}' -- 'true'` }] }] },
      }),
    );
    const fixed = await runHookdWithEnv(args, { ...clientEnv, HOME: lost.dir });
    expect(fixed.stdout).toContain('✓ probe event: a Stop event went through the inbox and its hook ran');
  });

  it('refuses a bad --timeout', async () => {
    const result = await runHookdWithEnv(['doctor', '--timeout', 'soon'], { HOME: tempDir(), PATH: toolbox([]) });
    expect(result).toMatchObject({
      exitCode: 2,
      stderr: 'hookd: --timeout must be a positive number of seconds, got "soon"',
    });
  });
});
