// Socket activation (issue 14): under systemd-socket-activate, which holds 127.0.0.1:PORT and passes
// it as fd 3 with LISTEN_FDS and LISTEN_PID, as hookd.socket does, the daemon serves the hook
// endpoint on that socket; a request made before the daemon is up, or while it restarts, waits in
// the kernel's queue instead of being refused, and runs once.
import { afterEach, describe, expect, it } from 'vitest';
import { execa, type ResultPromise } from 'execa';
import { request } from 'node:http';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stopTestDaemons, stopPayload, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';
import { hookdUrl } from '../../src/settings/hookd-url.js';
import { clientHeaders, hookPath, rawRequest } from './hook-client.js';
import { freePort } from '../../bench/free-port.mjs';

afterEach(async () => {
  await stopTestDaemons();
  cleanupTempDirs();
});

// What systemd does for hookd.service with Restart=: it keeps the socket (fd 3) open while each
// daemon comes and goes, and gives each the socket with LISTEN_PID set to that daemon's pid.
// systemd-socket-activate execs this script in its place; `$1/stop` ends the loop.
const SERVICE_LOOP = `#!/bin/sh
while [ ! -e "$1/stop" ]; do
  sh -c 'echo $$ > "$1/pid"; LISTEN_PID=$$ exec "$2" daemon' sh "$1" "$2"
done
`;

interface Activated {
  port: number;
  token: string;
  command: string;
  out: string;
  logs: () => string;
  /** The running daemon's pid, once one runs. */
  pid: () => number | undefined;
  stop: () => Promise<void>;
}

/** A daemon whose settings post SessionEnd (fire-and-forget: stored, then run) to `command` on a port that systemd-socket-activate holds, restarted by SERVICE_LOOP. */
async function underActivation(
  addresses: (port: number) => string[] = (port) => [`127.0.0.1:${port}`],
): Promise<Activated> {
  const out = tempDir();
  const control = tempDir();
  const port = await freePort();
  // Written whole (a dot name, then renamed): the test reads each file once it is there.
  const command = `cat > ${out}/.$HOOKD_EVENT_ID; mv ${out}/.$HOOKD_EVENT_ID ${out}/$HOOKD_EVENT_ID.json`;
  // The settings name the port the service manager holds; the daemon itself is told no port.
  const daemon = testDaemon({
    SessionEnd: [
      {
        hooks: [
          {
            type: 'http',
            url: hookdUrl(port, 'SessionEnd', command),
            headers: { Authorization: 'Bearer $HOOKD_TOKEN' },
            allowedEnvVars: ['HOOKD_TOKEN'],
          },
        ],
      },
    ],
  });
  const { HOOKD_TCP_PORT: _, ...env } = daemon.env;
  // A token made beforehand, as the running service would have it.
  const token = 'a'.repeat(64);
  mkdirSync(daemon.stateDir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(daemon.stateDir, 'local-token'), `${token}\n`, { mode: 0o600 });
  const loop = path.join(control, 'service-loop.sh');
  writeFileSync(loop, SERVICE_LOOP);
  chmodSync(loop, 0o755);
  // Without --accept, systemd-socket-activate accepts nothing itself: it passes the listening socket as fd 3.
  const passed = ['HOOKD_STATE_DIR', 'HOOKD_SETTINGS', 'PATH', 'HOOKD_LOG_LEVEL'].flatMap((name) => ['-E', name]);
  const activator: ResultPromise = execa(
    'systemd-socket-activate',
    [...addresses(port).flatMap((address) => ['-l', address]), ...passed, loop, control, HOOKD],
    { env, reject: false, all: true },
  );
  let logs = '';
  activator.all?.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  await waitFor('systemd-socket-activate to listen', () => /Listening on/.test(logs), 10_000);
  const pidFile = path.join(control, 'pid');
  const pid = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) || undefined : undefined);
  return {
    port,
    token,
    command,
    out,
    logs: () => logs,
    pid,
    async stop() {
      writeFileSync(path.join(control, 'stop'), '');
      const last = pid();
      if (last) process.kill(last, 'SIGTERM');
      await activator;
    },
  };
}

const runs = (out: string) => readdirSync(out).filter((name) => name.endsWith('.json'));

/** Post a SessionEnd event marked `marker` the way Claude Code does: the status, or the connection error's code. */
async function post(target: Activated, marker: number): Promise<string> {
  const payload = stopPayload({ hook_event_name: 'SessionEnd', reason: 'other', marker });
  const answer = await rawRequest(target.port, {
    path: hookPath(target.port, 'SessionEnd', target.command),
    headers: clientHeaders(target.port, target.token, payload),
    body: payload,
  }).catch((error: NodeJS.ErrnoException) => ({ status: error.code ?? error.message, body: '' }));
  return `${answer.status} ${answer.body}`.trim();
}

describe('socket activation', () => {
  it('serves the hook endpoint on the socket the service manager passed; a request sent before the daemon starts is answered', async () => {
    const target = await underActivation();
    try {
      // The first connection starts the daemon; the request waits in the socket's queue meanwhile.
      expect(await post(target, 0), target.logs()).toBe('204');
      await waitFor('the hook to run', () => runs(target.out).length === 1);
      expect(target.logs()).toMatch(/"activated":true/);
    } finally {
      await target.stop();
    }
  });

  it('serves both sockets hookd.socket passes (127.0.0.1 and [::1]), as one listener', async () => {
    const target = await underActivation((port) => [`127.0.0.1:${port}`, `[::1]:${port}`]);
    try {
      expect(await post(target, 0), target.logs()).toBe('204');
      // As Claude Code posts an entry that says localhost, where localhost is ::1.
      const payload = stopPayload({ hook_event_name: 'SessionEnd', reason: 'other', marker: 1 });
      const status = await new Promise<number | string>((resolve) => {
        const req = request(
          {
            host: '::1',
            port: target.port,
            method: 'POST',
            path: hookPath(target.port, 'SessionEnd', target.command),
            headers: { ...clientHeaders(target.port, target.token, payload), host: `localhost:${target.port}` },
            agent: false,
            timeout: 5000,
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('timeout', () => req.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })));
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.end(payload);
      });
      expect(status, target.logs()).toBe(204);
      await waitFor('both hooks to run', () => runs(target.out).length === 2);
    } finally {
      await target.stop();
    }
  });

  it('restarted three times while clients keep posting: no request is refused, and each runs once', async () => {
    const target = await underActivation();
    try {
      expect(await post(target, -1)).toBe('204');
      let next = 0;
      let sending = true;
      const answers: string[] = [];
      // What the failure message tells: when each refused post was sent and answered, and each restart.
      const t0 = Date.now();
      const timeline: string[] = [`t0 = ${t0} (ms since the epoch, as the log's time)`];
      // Four clients, each posting one event after another on a new connection.
      const clients = Array.from({ length: 4 }, async () => {
        while (sending) {
          const marker = next++;
          const sent = Date.now() - t0;
          const answer = await post(target, marker);
          if (answer !== '204') timeline.push(`post ${marker} sent at ${sent} ms: ${answer} at ${Date.now() - t0} ms`);
          answers.push(answer);
        }
      });
      for (let restart = 0; restart < 3; restart++) {
        const old = await waitFor('a daemon to run', target.pid);
        await waitFor('answers from the running daemon', () => answers.length >= 20 * (restart + 1), 20_000);
        timeline.push(`SIGTERM to ${old} at ${Date.now() - t0} ms`);
        process.kill(old, 'SIGTERM');
        await waitFor('the next daemon to start', () => target.pid() !== old, 20_000).catch((error: Error) => {
          throw new Error(`${error.message}\n${timeline.join('\n')}\n${target.logs().slice(-4000)}`);
        });
        timeline.push(`next daemon ${target.pid()} at ${Date.now() - t0} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      sending = false;
      await Promise.all(clients);
      expect(
        answers.filter((answer) => answer !== '204'),
        `${timeline.join('\n')}\n${target.logs().slice(-3000)}`,
      ).toEqual([]);
      expect(answers.length).toBeGreaterThanOrEqual(60);
      await waitFor(`${answers.length + 1} runs`, () => runs(target.out).length >= answers.length + 1, 30_000);
      const markers = runs(target.out).map(
        (name) => JSON.parse(readFileSync(path.join(target.out, name), 'utf8')).marker as number,
      );
      expect(markers.sort((a, b) => a - b)).toEqual([-1, ...Array.from({ length: answers.length }, (_, i) => i)]);
      expect(target.logs().match(/hook endpoint listening/g)?.length).toBe(4);
    } finally {
      await target.stop();
    }
  }, 90_000);
});
