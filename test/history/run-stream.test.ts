// GET /runs/stream's buffering: a client that never reads is dropped once its backlog passes the
// bound, while a client that reads gets every run; served over a real socket.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { RunBus } from '../../src/runs/run-bus.js';
import { RunStream } from '../../src/history/run-stream.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  cleanupTempDirs();
});

async function serve(stream: RunStream, socketPath: string): Promise<void> {
  const server = createServer((req, res) =>
    stream.open(req, res, { event: req.url?.includes('Stop') ? 'Stop' : undefined }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
}

function subscribe(socketPath: string, query = ''): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(socketPath, () => {
      socket.write(`GET /runs/stream${query} HTTP/1.1\r\nhost: hookd\r\n\r\n`);
      resolve(socket);
    });
  });
}

describe('RunStream', () => {
  it('drops a client that never reads once its backlog passes the bound, and keeps serving one that reads', async () => {
    const dir = tempDir();
    const events = new RunBus();
    const stream = new RunStream(events, { maxBuffered: 64 * 1024, maxClients: 10 });
    const socketPath = path.join(dir, 's.sock');
    await serve(stream, socketPath);
    const reader = await subscribe(socketPath);
    let received = '';
    reader.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const stalled = await subscribe(socketPath, '?event=Stop');
    stalled.pause();
    let stalledClosed = false;
    stalled.on('close', () => (stalledClosed = true));
    await waitFor('both streams open', () => stream.size === 2);

    // Each run's line is about 2 KiB; 2,000 of them are far more than the socket buffers and the bound.
    const command = `hook ${'x'.repeat(2000)}`;
    for (let i = 0; i < 2000; i++) {
      void events.publish('recorded', {
        time: new Date().toISOString(),
        eventId: `e${i}`,
        event: 'Stop',
        session: 's',
        command,
        outcome: 'ok',
        attempt: 1,
      });
      if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await waitFor('the stalled client to be dropped', () => stream.dropped === 1 && stream.size === 1);
    await waitFor('the reader to get every run', () => received.split('data: ').length - 1 === 2000);
    stalled.resume();
    await waitFor('the stalled socket to close', () => stalledClosed);
    reader.destroy();
    await waitFor('the reader to be forgotten', () => stream.size === 0);
    stream.close();
    // One client dropped, the one that never read; the reader got all 2,000 runs.
    expect([stream.dropped, received.split('data: ').length - 1]).toEqual([1, 2000]);
  });

  it('refuses streams beyond its bound with 503', async () => {
    const dir = tempDir();
    const stream = new RunStream(new RunBus(), { maxBuffered: 1024, maxClients: 1 });
    const socketPath = path.join(dir, 's.sock');
    await serve(stream, socketPath);
    const first = await subscribe(socketPath);
    await waitFor('the first stream', () => stream.size === 1);
    const second = await subscribe(socketPath);
    const answer = await new Promise<string>((resolve) =>
      second.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    first.destroy();
    second.destroy();
    stream.close();
  });
});
