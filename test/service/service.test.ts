// The service files as rendered (a systemd unit, a LaunchAgent plist parsed as XML), and
// `hookd service` as a process: no service manager here, a fake systemctl that works, twice.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { renderSystemdUnit } from '../../src/service/render-systemd-unit.js';
import { renderSystemdSocket } from '../../src/service/render-systemd-socket.js';
import { renderLaunchAgent } from '../../src/service/render-launch-agent.js';
import { serviceEnvironment } from '../../src/service/service-env.js';
import { serviceManager } from '../../src/service/service-manager.js';
import { calls, fakeProgram, toolbox } from '../helpers/toolbox.js';
import { runHookdWithEnv } from '../helpers/run-hookd.js';
import { ROOT } from '../helpers/paths.js';

afterEach(cleanupTempDirs);

const spec = {
  node: '/opt/node 20/bin/node',
  script: '/home/dev/hookd/dist/bin.js',
  env: {
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
    HOOKD_STATE_DIR: '/home/dev/state 100%',
    PATH: '/usr/bin:/bin',
    WEIRD: 'a "quoted" \\ $HOME & <tag>',
  },
  port: 15123,
};

type Plist = string | boolean | Plist[] | { [key: string]: Plist };

/** A small, strict plist reader: every tag must close in order; dict, array, key, string, true, false. */
function parsePlist(xml: string): Plist {
  const body = xml.replace(/^<\?xml[^>]*\?>\s*<!DOCTYPE[^>]*>\s*(<!--[\s\S]*?-->\s*)?/, '');
  const tokens = body.match(/<[^>]+>|[^<]+/g)!.filter((token) => token.trim() !== '');
  let i = 0;
  const text = (raw: string) =>
    raw
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
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
    // The socket of hookd.socket is passed when it is up; without it the daemon still starts.
    expect(lines).toContain('Wants=hookd.socket');
    expect(lines).toContain('After=hookd.socket');
    expect(unit.match(/^\[(Unit|Service|Install)\]$/gm)).toEqual(['[Unit]', '[Service]', '[Install]']);

    // systemd's own check, where systemd-analyze exists and can run here (a container may lack it).
    const dir = tempDir();
    const probe = path.join(dir, 'probe.service');
    writeFileSync(probe, '[Service]\nExecStart=/bin/true\n');
    const works = await execa('systemd-analyze', ['verify', probe], { reject: false, timeout: 20_000 }).then(
      (r) => r.exitCode === 0,
      () => false,
    );
    const real = renderSystemdUnit({ ...spec, node: process.execPath, script: path.join(ROOT, 'dist', 'bin.js') });
    writeFileSync(path.join(dir, 'hookd.service'), real);
    writeFileSync(path.join(dir, 'hookd.socket'), renderSystemdSocket(spec.port));
    const verified = works
      ? await execa('systemd-analyze', ['verify', path.join(dir, 'hookd.socket'), path.join(dir, 'hookd.service')], {
          reject: false,
          timeout: 20_000,
        })
      : undefined;
    if (verified) expect(`${verified.exitCode} ${verified.stderr}`).toBe('0 ');
  });

  it('hookd.socket holds 127.0.0.1:PORT and [::1]:PORT for hookd.service, started with the sockets', () => {
    const socket = renderSystemdSocket(spec.port);
    expect(socket.match(/^\[(Unit|Socket|Install)\]$/gm)).toEqual(['[Unit]', '[Socket]', '[Install]']);
    const lines = socket.split('\n');
    expect(lines).toContain('ListenStream=127.0.0.1:15123');
    expect(lines).toContain('WantedBy=sockets.target');
    // Both loopback addresses (no other user may take [::1]:PORT, issue 21), passed as they are
    // (fd 3 and 4): not one connection per service instance.
    expect(lines.filter((line) => /^(ListenStream|ListenDatagram|Accept)=/.test(line))).toEqual([
      'ListenStream=127.0.0.1:15123',
      'ListenStream=[::1]:15123',
    ]);
  });

  it('the LaunchAgent is a well-formed plist with RunAtLoad, KeepAlive, log paths and the environment', () => {
    const plist = parsePlist(renderLaunchAgent(spec, '/Users/dev/Library/Logs/hookd/daemon.log')) as Record<
      string,
      Plist
    >;
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
    // No Sockets key: the daemon could not take the socket from launchd (launch_activate_socket needs a native addon).
    expect(renderLaunchAgent(spec, '/l')).not.toContain('Sockets');
  });

  it('on macOS, says that nothing holds the hook port while the daemon restarts, and why', async () => {
    const held = await serviceManager({}, 'darwin').holdsPort(14653);
    expect(held.held).toBe(false);
    expect(held.detail).toMatch(
      /launch_activate_socket\(3\), which Node cannot call without a native addon .* an http hook sent while the daemon restarts is lost: the bridge is the safe choice/,
    );
  });

  it('passes on the HOOKD_* settings and the desktop session, never the API key', () => {
    const env = serviceEnvironment({
      HOOKD_SETTINGS: '/s.json',
      HOOKD_API_KEY: 'sk-secret',
      HOOKD_API_KEY_FILE: '/k',
      WAYLAND_DISPLAY: 'wayland-0',
      DISPLAY: ':0',
      EDITOR: 'vi',
      HOOKD_BRIDGE_NODE: '1',
      PATH: '/bin',
    });
    expect(env.vars).toEqual({
      DISPLAY: ':0',
      HOOKD_API_KEY_FILE: '/k',
      HOOKD_SETTINGS: '/s.json',
      PATH: '/bin',
      WAYLAND_DISPLAY: 'wayland-0',
    });
    expect(env.notes.join('\n')).toMatch(/HOOKD_API_KEY is set here but is not written into the service file/);
  });
});

describe('hookd service (a process, with fake service managers)', () => {
  function setup(systemctl?: 'works' | 'no-bus' | 'enable-fails') {
    const home = tempDir('hookd-home-');
    const record = tempDir('hookd-record-');
    const bin = toolbox(['cat']);
    if (systemctl === 'works')
      fakeProgram(
        bin,
        'systemctl',
        `[ "$2" = is-active ] && { cat "$RECORD_DIR/state" 2>/dev/null || echo inactive; exit 0; }\n[ "$3" = --now ] && [ "$2" = enable ] && echo active > "$RECORD_DIR/state"`,
      );
    if (systemctl === 'enable-fails')
      fakeProgram(
        bin,
        'systemctl',
        '[ "$2" = enable ] && { echo "Failed to enable unit: Access denied" >&2; exit 1; }',
      );
    if (systemctl === 'no-bus')
      fakeProgram(bin, 'systemctl', 'echo "Failed to connect to bus: No medium found" >&2; exit 1');
    const env = {
      HOME: home,
      PATH: bin,
      RECORD_DIR: record,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
    };
    const unit = path.join(home, 'config', 'systemd', 'user', 'hookd.service');
    const socket = path.join(home, 'config', 'systemd', 'user', 'hookd.socket');
    const systemctlCalls = () =>
      calls(record, 'systemctl', (file) => readFileSync(file, 'utf8')).map((args) => args.join(' '));
    return { home, env, unit, socket, systemctlCalls };
  }

  it('without systemd, says so, shows the unit and writes nothing', async () => {
    const { env, unit } = setup();
    const result = await runHookdWithEnv(['service', 'install'], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /^hookd: cannot install the service: systemctl is not installed: this system does not run systemd\. Nothing was written\./,
    );
    expect(result.stdout).toContain(`These are the files hookd would install:\n\n${unit}:\n`);
    expect(result.stdout).toContain('Restart=on-failure');
    expect(result.stdout).toContain('ListenStream=127.0.0.1:14653');
    expect(existsSync(unit)).toBe(false);
  });

  it('with systemd present but no user manager (a container), says so and writes nothing', async () => {
    const { env, unit } = setup('no-bus');
    const result = await runHookdWithEnv(['service', 'install'], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(
      /the systemd user manager cannot be reached \(Failed to connect to bus: No medium found\)/,
    );
    expect(existsSync(unit)).toBe(false);
  });

  it('says what failed when systemctl refuses to enable, and that the file is in place', async () => {
    const { env, unit, socket } = setup('enable-fails');
    const result = await runHookdWithEnv(['service', 'install'], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toBe(
      `hookd: systemctl --user enable --now hookd.socket hookd.service failed: Failed to enable unit: Access denied. ${unit} and ${socket} are in place; fix the cause and run hookd service install again`,
    );
    expect(readFileSync(unit, 'utf8')).toContain('Restart=on-failure');
  });

  it('--dry-run prints the unit and the socket (on the port of HOOKD_TCP_PORT) and writes nothing, even without systemd', async () => {
    const { env, unit, socket } = setup();
    const result = await runHookdWithEnv(['service', 'install', '--dry-run'], { ...env, HOOKD_TCP_PORT: '15001' });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`systemd (user instance) files would be:\n\n${unit}:\n`);
    expect(result.stdout).toContain(`${socket}:\n\n# Written by`);
    expect(result.stdout).toContain('ListenStream=127.0.0.1:15001');
    expect(result.stdout).toContain(`ExecStart="${process.execPath}" "${path.join(ROOT, 'dist', 'bin.js')}" "daemon"`);
    expect(existsSync(unit)).toBe(false);
  });

  it('installs, enables and starts; a second install changes nothing; a changed environment restarts; uninstall removes it', async () => {
    const { env, unit, socket, systemctlCalls } = setup('works');
    const first = await runHookdWithEnv(['service', 'install'], env);
    expect(first).toMatchObject({ exitCode: 0, stderr: '' });
    expect(first.stdout).toMatch(new RegExp(`wrote ${unit}\\nwrote ${socket}\\nservice active`));
    const written = readFileSync(unit, 'utf8');
    expect(written).toContain('Environment="DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus"');
    expect(readFileSync(socket, 'utf8')).toContain('ListenStream=127.0.0.1:14653');
    // A new socket: whatever ran is stopped, then the socket and the daemon start together.
    expect(systemctlCalls()).toEqual([
      '--user show-environment',
      '--user is-active hookd.service',
      '--user daemon-reload',
      '--user stop hookd.service hookd.socket',
      '--user enable --now hookd.socket hookd.service',
      '--user is-active hookd.service',
    ]);

    const second = await runHookdWithEnv(['service', 'install'], env);
    expect(second.exitCode).toBe(0);
    expect(second.stdout).toContain(`unchanged: ${unit}`);
    expect(readFileSync(unit, 'utf8')).toBe(written);
    expect(systemctlCalls().filter((call) => call.includes('restart'))).toEqual([]);

    const third = await runHookdWithEnv(['service', 'install'], { ...env, HOOKD_LOG_LEVEL: 'debug' });
    expect(third.exitCode).toBe(0);
    expect(readFileSync(unit, 'utf8')).toContain('Environment="HOOKD_LOG_LEVEL=debug"');
    // Only the daemon restarts; the socket keeps the port meanwhile.
    expect(systemctlCalls().filter((call) => / (restart|stop) /.test(call))).toEqual([
      '--user stop hookd.service hookd.socket',
      '--user restart hookd.service',
    ]);

    // Another port: the socket is bound anew, so the daemon that holds the old one stops first.
    const moved = await runHookdWithEnv(['service', 'install'], {
      ...env,
      HOOKD_LOG_LEVEL: 'debug',
      HOOKD_TCP_PORT: '15002',
    });
    expect(moved.exitCode, moved.stderr).toBe(0);
    expect(readFileSync(socket, 'utf8')).toContain('ListenStream=127.0.0.1:15002');
    expect(systemctlCalls().slice(-3)).toEqual([
      '--user stop hookd.service hookd.socket',
      '--user enable --now hookd.socket hookd.service',
      '--user is-active hookd.service',
    ]);

    const status = await runHookdWithEnv(['service', 'status'], {
      ...env,
      HOOKD_LOG_LEVEL: 'debug',
      HOOKD_TCP_PORT: '15002',
    });
    expect(status.exitCode).toBe(0);
    expect(status.stdout).toContain('installed, current');

    const removed = await runHookdWithEnv(['service', 'uninstall'], env);
    expect(removed.exitCode).toBe(0);
    expect(existsSync(unit)).toBe(false);
    expect(existsSync(socket)).toBe(false);
    expect(systemctlCalls().slice(-2)).toEqual([
      '--user disable --now hookd.socket hookd.service',
      '--user daemon-reload',
    ]);
    const again = await runHookdWithEnv(['service', 'uninstall'], env);
    expect(again).toMatchObject({ exitCode: 0, stdout: `${unit}, ${socket}: not installed; nothing to remove` });
    const status2 = await runHookdWithEnv(['service', 'status'], env);
    expect(status2.exitCode).toBe(1);
    expect(status2.stderr).toBe('hookd: the service is not installed; hookd service install installs and starts it');
  });
});
