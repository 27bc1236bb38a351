// Starts the built `hookd daemon` as a real process on a temp state directory, and emits events
// through the bridge the way the agent client does: `sh -c 'hookd emit -- CMD'`, payload on stdin.
import { execa, type ResultPromise } from 'execa';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { requestDaemon, type DaemonResponse } from '../../src/server/socket-client.js';
import { HOOKD, ROOT } from './paths.js';
import { tempDir } from './temp-dir.js';
import { waitFor } from './wait-for.js';

export interface TestDaemon {
  dir: string;
  stateDir: string;
  settings: string;
  socket: string;
  env: Record<string, string>;
  process: ResultPromise | undefined;
  logs: () => string;
  /** The loopback listener's port, once the start-up line naming it has reached the log. */
  loopbackPort(): Promise<number>;
  start(extraArgs?: string[]): Promise<void>;
  stop(): Promise<void>;
  kill9(): Promise<void>;
  request(method: string, urlPath: string, body?: string | Buffer): Promise<DaemonResponse>;
  emit(
    command: string,
    payload: string | Buffer,
    extraEnv?: Record<string, string>,
  ): Promise<{ exitCode: number; stdout: string; stderr: string }>;
  /** The outcomes recorded so far, oldest first. */
  history(): Record<string, unknown>[];
}

/** The loopback port in the daemon's latest start-up line in `logs`, if one is there yet. */
export function loopbackPortIn(logs: string): number | undefined {
  const port = [...logs.matchAll(/"tcp":\{"address":"127\.0\.0\.1","family":"IPv4","port":(\d+)\}/g)].at(-1)?.[1];
  return port === undefined ? undefined : Number(port);
}

// Every daemon a test file made, so one afterEach can stop them all.
const made = new Set<TestDaemon>();

/** Kill every daemon made so far (for afterEach). */
export async function stopTestDaemons(): Promise<void> {
  for (const daemon of made) await daemon.kill9();
  made.clear();
}

/** Settings whose Stop event runs `command` through the bridge with `timeout` seconds. */
export function bridgeOnStop(command: string, timeout: number): object {
  return { Stop: [{ hooks: [{ type: 'command', command: `hookd emit -- '${command}'`, timeout }] }] };
}

/**
 * A daemon on fresh temp paths, with `hooks` (an event map) as its settings. Not started yet. With
 * `home`, it runs on its defaults instead: HOME is `home` and it follows the clients' files there.
 */
export function testDaemon(hooks: object = {}, options: { home?: string } = {}): TestDaemon {
  const dir = tempDir();
  const stateDir = path.join(dir, 'state');
  const settings = path.join(dir, 'settings.json');
  writeFileSync(settings, JSON.stringify({ model: 'm', hooks }, null, 2));
  const socket = path.join(stateDir, 'hookd.sock');
  let emitted = 0;
  const env: Record<string, string> = {
    HOOKD_STATE_DIR: stateDir,
    ...(options.home ? { HOME: options.home } : { HOOKD_SETTINGS: settings }),
    HOOKD_LOG_LEVEL: 'debug',
    // Any free port for the loopback listener: test daemons never take the user's fixed hook port.
    HOOKD_TCP_PORT: '0',
    PATH: `${path.join(ROOT, 'bin')}:${process.env.PATH}`,
  };
  let output = '';
  const daemon: TestDaemon = {
    dir,
    stateDir,
    settings,
    socket,
    env,
    process: undefined,
    logs: () => output,
    loopbackPort: () => waitFor('the loopback port in the log', () => loopbackPortIn(output)),
    async start(extraArgs = []) {
      const before = output.length;
      const child = execa(HOOKD, ['daemon', ...extraArgs], { env, reject: false, all: true, buffer: false });
      child.all?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      daemon.process = child;
      let exited = false;
      void child.then(() => (exited = true));
      // Its start-up line too: the socket answers a moment before the daemon has finished starting.
      await waitFor('the daemon to answer GET /health and log its start', async () => {
        if (exited) throw new Error(`the daemon exited during start-up:\n${output}`);
        if (!output.slice(before).includes('hookd daemon started')) return false;
        return requestDaemon(daemon.socket, 'GET', '/health').then(
          (r) => r.status === 200,
          () => false,
        );
      });
    },
    async stop() {
      if (!daemon.process) return;
      daemon.process.kill('SIGTERM');
      await daemon.process;
      daemon.process = undefined;
    },
    async kill9() {
      if (!daemon.process) return;
      daemon.process.kill('SIGKILL');
      await daemon.process;
      daemon.process = undefined;
    },
    // Generous: under the load tests the daemon shares two cores with thousands of bridges.
    request: (method, urlPath, body) => requestDaemon(daemon.socket, method, urlPath, body, 30_000),
    // The event is on the bridge's stdin from its start, as a client hands it over: written after the
    // spawn (execa's `input`), 200 bridges started at once under load waited longer than the bridge
    // waits for a first byte (FIRST_BYTE_MS), and stored empty events (issue 41, 11).
    async emit(command, payload, extraEnv = {}) {
      const quoted = `'${command.replace(/'/g, `'\\''`)}'`;
      const event = path.join(dir, `event-${(emitted += 1)}`);
      writeFileSync(event, payload);
      const result = await execa('sh', ['-c', `hookd emit -- ${quoted} < '${event}'`], {
        env: { ...env, ...extraEnv },
        reject: false,
        timeout: 60_000,
      });
      return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
    },
    // The whole lines: one the daemon is still appending (a big one is written in parts) is not read yet.
    history() {
      const file = path.join(stateDir, 'history.jsonl');
      if (!existsSync(file)) return [];
      const text = readFileSync(file, 'utf8');
      return text
        .slice(0, text.lastIndexOf('\n') + 1)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
  };
  made.add(daemon);
  return daemon;
}

/** A Stop payload with a marker field. */
export function stopPayload(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: 'sess-1',
    transcript_path: '/tmp/t.jsonl',
    cwd: '/',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    ...fields,
  });
}
