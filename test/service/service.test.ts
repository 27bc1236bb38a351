// The service files as rendered (a systemd unit, a LaunchAgent plist parsed as XML), and
// `hookd service` as a process: no service manager here, a fake systemctl that works, twice.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { renderSystemdUnit } from '../../src/service/render-systemd-unit.js';
import { renderLaunchAgent } from '../../src/service/render-launch-agent.js';
import { serviceEnvironment } from '../../src/service/service-env.js';
import { calls, fakeProgram, toolbox } from '../helpers/toolbox.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';

afterEach(cleanupTempDirs);

const spec = {
  node: '/opt/node 20/bin/node',
  script: '/home/dev/hookd/dist/bin.js',
  env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus', HOOKD_STATE_DIR: '/home/dev/state 100%', PATH: '/usr/bin:/bin', WEIRD: 'a "quoted" \\ $HOME & <tag>' },
};

type Plist = string | boolean | Plist[] | { [key: string]: Plist };

/** A small, strict plist reader: every tag must close in order; dict, array, key, string, true, false. */
function parsePlist(xml: string): Plist {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*<!DOCTYPE[^>]*>\s*(<!--[\s\S]*?-->\s*)?/, '');
  const tokens = body.match(/<[^>]+>|[^<]+/g)!.filter((token) => token.trim() !== '');
  let i = 0;
  const text = (raw: string) => raw.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  const expectToken = (token: string) => {
    if (tokens[i] !== token) throw new Error(`expected ${token} at token ${i}, got ${tokens[i]}`);
    i++;
  };
  const value = (): Plist => {
    const tag = tokens[i++];
    if (tag === '<true/>') return true;
    if (tag === '<false/>') return false;
    if (tag === '<string>') {
      const content = tokens[i]!.startsWith('<') ? '' : text(tokens[i++]!);
      expectToken('</string>');
      return content;
    }
    if (tag === '<array>') {
      const items: Plist[] = [];
      while (tokens[i] !== '</array>') items.push(value());
      i++;
      return items;
    }
    if (tag === '<dict>') {
      const dict: Record<string, Plist> = {};
      while (tokens[i] !== '</dict>') {
        expectToken('<key>');
        const key = text(tokens[i++]!);
        expectToken('</key>');
        dict[key] = value();
      }
      i++;
      return dict;
    }
    throw new Error(`unexpected ${tag}`);
  };
  expectToken('<plist version="1.0">');
  const root = value();
  expectToken('</plist>');
  if (i !== tokens.length) throw new Error('content after </plist>');
  return root;
}

describe('rendered service files', () => {
  it('the systemd unit runs this node and dist/bin.js, restarts on failure, and carries the environment', async () => {
    const unit = renderSystemdUnit(spec);
    const lines = unit.split('\n');
    expect(lines).toContain('ExecStart="/opt/node 20/bin/node" "/home/dev/hookd/dist/bin.js" "daemon"');
    expect(lines).toContain('Restart=on-failure');
    expect(lines).toContain('Environment="DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus"');
    expect(lines).toContain('Environment="HOOKD_STATE_DIR=/home/dev/state 100%%"');
    expect(lines).toContain('Environment="WEIRD=a \\"quoted\\" \\\\ $HOME & <tag>"');
    expect(lines).toContain('WantedBy=default.target');
    expect(unit.match(/^\[(Unit|Service|Install)\]$/gm)).toEqual(['[Unit]', '[Service]', '[Install]']);

    // systemd's own check, where systemd-analyze exists and can run here (a container may lack it).
    const dir = tempDir();
    const probe = path.join(dir, 'probe.service');
    writeFileSync(probe, '[Service]\nExecStart=/bin/true\n');
    const works = await execa('systemd-analyze', ['verify', probe], { reject: false, timeout: 20_000 }).then((r) => r.exitCode === 0, () => false);
    const real = renderSystemdUnit({ ...spec, node: process.execPath, script: path.join(ROOT, 'dist', 'bin.js') });
    writeFileSync(path.join(dir, 'hookd.service'), real);
    const verified = works ? await execa('systemd-analyze', ['verify', path.join(dir, 'hookd.service')], { reject: false, timeout: 20_000 }) : undefined;
    if (verified) expect(`${verified.exitCode} ${verified.stderr}`).toBe('0 ');
  });

  it('the LaunchAgent is a well-formed plist with RunAtLoad, KeepAlive, log paths and the environment', () => {
    const plist = parsePlist(renderLaunchAgent(spec, '/Users/dev/Library/Logs/hookd/daemon.log')) as Record<string, Plist>;
    expect(plist).toEqual({
      Label: 'dev.hookd.daemon',
      ProgramArguments: ['/opt/node 20/bin/node', '/home/dev/hookd/dist/bin.js', 'daemon'],
      RunAtLoad: true,
      KeepAlive: true,
      ProcessType: 'Background',
      StandardOutPath: '/Users/dev/Library/Logs/hookd/daemon.log',
      StandardErrorPath: '/Users/dev/Library/Logs/hookd/daemon.log',
      EnvironmentVariables: spec.env,
    });
  });

  it('passes on the HOOKD_* settings and the desktop session, never the API key', () => {
    const env = serviceEnvironment({ HOOKD_SETTINGS: '/s.json', HOOKD_API_KEY: 'sk-secret', HOOKD_API_KEY_FILE: '/k', WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0', EDITOR: 'vi', HOOKD_BRIDGE_NODE: '1', PATH: '/bin' });
    expect(env.vars).toEqual({ DISPLAY: ':0', HOOKD_API_KEY_FILE: '/k', HOOKD_SETTINGS: '/s.json', PATH: '/bin', WAYLAND_DISPLAY: 'wayland-0' });
    expect(env.notes.join('\n')).toMatch(/HOOKD_API_KEY is set here but is not written into the service file/);
  });
});

describe('hookd service (a process, with fake service managers)', () => {
  function setup(systemctl?: 'works' | 'no-bus' | 'enable-fails') {
    const home = tempDir('hookd-home-');
    const record = tempDir('hookd-record-');
    const bin = toolbox(['cat']);
    if (systemctl === 'works') fakeProgram(bin, 'systemctl', `[ "$2" = is-active ] && { cat "$RECORD_DIR/state" 2>/dev/null || echo inactive; exit 0; }\n[ "$3" = --now ] && [ "$2" = enable ] && echo active > "$RECORD_DIR/state"`);
    if (systemctl === 'enable-fails') fakeProgram(bin, 'systemctl', '[ "$2" = enable ] && { echo "Failed to enable unit: Access denied" >&2; exit 1; }');
    if (systemctl === 'no-bus') fakeProgram(bin, 'systemctl', 'echo "Failed to connect to bus: No medium found" >&2; exit 1');
    const env = { HOME: home, PATH: bin, RECORD_DIR: record, XDG_CONFIG_HOME: path.join(home, 'config'), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus' };
    const unit = path.join(home, 'config', 'systemd', 'user', 'hookd.service');
    const systemctlCalls = () => calls(record, 'systemctl', (file) => readFileSync(file, 'utf8')).map((args) => args.join(' '));
    return { home, env, unit, systemctlCalls };
  }

  it('without systemd, says so, shows the unit and writes nothing', async () => {
    const { env, unit } = setup();
    const result = await runHookdWithEnv(['service', 'install'], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/^hookd: cannot install the service: systemctl is not installed: this system does not run systemd\. Nothing was written\./);
    expect(result.stdout).toContain(`This is the file hookd would install at ${unit}:`);
    expect(result.stdout).toContain('Restart=on-failure');
    expect(existsSync(unit)).toBe(false);
  });

  it('with systemd present but no user manager (a container), says so and writes nothing', async () => {
    const { env, unit } = setup('no-bus');
    const result = await runHookdWithEnv(['service', 'install'], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/the systemd user manager cannot be reached \(Failed to connect to bus: No medium found\)/);
    expect(existsSync(unit)).toBe(false);
  });

  it('says what failed when systemctl refuses to enable, and that the file is in place', async () => {
    const { env, unit } = setup('enable-fails');
    const result = await runHookdWithEnv(['service', 'install'], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(`hookd: systemctl --user enable --now hookd.service failed: Failed to enable unit: Access denied. ${unit} is in place; fix the cause and run hookd service install again`);
    expect(readFileSync(unit, 'utf8')).toContain('Restart=on-failure');
  });

  it('--dry-run prints the unit and writes nothing, even without systemd', async () => {
    const { env, unit } = setup();
    const result = await runHookdWithEnv(['service', 'install', '--dry-run'], env);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`${unit} (systemd (user instance)) would be:`);
    expect(result.stdout).toContain(`ExecStart="${process.execPath}" "${path.join(ROOT, 'dist', 'bin.js')}" "daemon"`);
    expect(existsSync(unit)).toBe(false);
  });

  it('installs, enables and starts; a second install changes nothing; a changed environment restarts; uninstall removes it', async () => {
    const { env, unit, systemctlCalls } = setup('works');
    const first = await runHookdWithEnv(['service', 'install'], env);
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    expect(first.stdout).toMatch(new RegExp(`wrote ${unit}\\nservice active`));
    const written = readFileSync(unit, 'utf8');
    expect(written).toContain('Environment="DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus"');
    expect(systemctlCalls()).toEqual(['--user show-environment', '--user is-active hookd.service', '--user daemon-reload', '--user enable --now hookd.service', '--user is-active hookd.service']);

    const second = await runHookdWithEnv(['service', 'install'], env);
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toContain(`unchanged: ${unit}`);
    expect(readFileSync(unit, 'utf8')).toBe(written);
    expect(systemctlCalls().filter((call) => call.includes('restart'))).toEqual([]);

    const third = await runHookdWithEnv(['service', 'install'], { ...env, HOOKD_LOG_LEVEL: 'debug' });
    expect(third.exitCode).toBe(0);
    expect(readFileSync(unit, 'utf8')).toContain('Environment="HOOKD_LOG_LEVEL=debug"');
    expect(systemctlCalls().filter((call) => call.includes('restart'))).toEqual(['--user restart hookd.service']);

    const status = await runHookdWithEnv(['service', 'status'], { ...env, HOOKD_LOG_LEVEL: 'debug' });
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain('installed, current');

    const removed = await runHookdWithEnv(['service', 'uninstall'], env);
    expect(removed.exitCode).toBe(0);
    expect(existsSync(unit)).toBe(false);
    expect(systemctlCalls().slice(-2)).toEqual(['--user disable --now hookd.service', '--user daemon-reload']);
    const again = await runHookdWithEnv(['service', 'uninstall'], env);
    expect(again).toMatchObject({ exitCode: 0, stdout: `${unit}: not installed; nothing to remove` });
    const status2 = await runHookdWithEnv(['service', 'status'], env);
    expect(status2.exitCode).toBe(1);
    expect(status2.stderr).toBe('hookd: the service is not installed; hookd service install installs and starts it');
  });
});
