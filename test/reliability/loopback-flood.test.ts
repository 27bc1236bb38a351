// Reproduction of issue 11 item 9: the loopback TCP listener took any number of connections before
// the token check; another user's idle connections used up the daemon's descriptors and stalled the
// unix-socket API and the inbox. Now connections past a cap are closed as they come, and idle ones
// after a bound (src/server/loopback-limits.ts). The daemon runs here with 4,096 descriptors and
// gets 5,000 idle connections.
import { afterEach, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { bridgeOnStop, loopbackPortIn, stopPayload, testDaemon } from '../helpers/daemon-process.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { HOOKD } from '../helpers/paths.js';
import { requestDaemon } from '../../src/server/socket-client.js';
import { LOOPBACK_LIMITS } from '../../src/server/loopback-limits.js';

// More than the daemon's descriptors (4,096 here), many times the connection cap.
const FLOOD = 5000;
let child: ResultPromise | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  child?.kill('SIGKILL');
  await child;
  cleanupTempDirs();
});

function open(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.on('error', () => undefined);
    // Read what the daemon says before it closes (else the close is never seen).
    socket.resume();
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('close', () => resolve({ socket, closed }));
  });
}

describe('the loopback listener under a flood of idle connections', () => {
  it(`${FLOOD} idle connections to a daemon with 4,096 descriptors: the socket API answers, events run, the idle ones are closed`, async () => {
    const out = tempDir();
    const command = `touch ${out}/$HOOKD_EVENT_ID`;
    const daemon = testDaemon(bridgeOnStop(command, 10));
    let logs = '';
    child = execa('sh', ['-c', `ulimit -n 4096 && exec ${HOOKD} daemon --tcp-port 0`], {
      env: daemon.env,
      reject: false,
      all: true,
      buffer: false,
    });
    child.all?.on('data', (chunk: Buffer) => (logs += chunk.toString()));
    const port = await waitFor('the loopback port in the log', () => loopbackPortIn(logs));
    const started = Date.now();
    const flood = [];
    for (let i = 0; i < FLOOD; i += 100)
      flood.push(...(await Promise.all(Array.from({ length: 100 }, () => open(port)))));
    sockets.push(...flood.map((c) => c.socket));

    expect((await requestDaemon(daemon.socket, 'GET', '/health', undefined, 10_000)).status).toBe(200);
    expect((await daemon.emit(command, stopPayload({ during: 'flood' }))).exitCode).toBe(0);
    await waitFor('the event sent during the flood to run', () => daemon.history().length === 1, 20_000);
    expect(daemon.history()[0]).toMatchObject({ outcome: 'ok' });
    expect(readdirSync(out)).toHaveLength(1);

    const closedAt = await Promise.race([
      Promise.all(flood.map((c) => c.closed)),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), LOOPBACK_LIMITS.idleMs * 2 + 5000)),
    ]);
    expect(closedAt, 'every idle connection closed by the daemon').toBeDefined();
    const atOnce = closedAt!.filter((at) => at - started < 2000).length;
    console.log(
      `loopback flood: ${FLOOD} connections, ${atOnce} closed within 2 s (over the cap), all closed ${((Math.max(...closedAt!) - started) / 1000).toFixed(1)} s after the flood began (idle bound ${LOOPBACK_LIMITS.idleMs / 1000} s)`,
    );
    const token = readFileSync(path.join(daemon.stateDir, 'local-token'), 'utf8').trim();
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
  }, 120_000);
});
