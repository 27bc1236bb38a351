// The launcher's side of its messages (launch-messages.ts), sent raw over the IPC channel as the
// daemon would: a message of no known type, or for a run it does not hold, changes nothing; only
// `abort` ends a run. It runs the built launcher (dist/executor/posix-launcher.js): `npm run build` first.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import type { FromLauncher } from '../../src/executor/posix-launch-messages.js';

let launcher: ChildProcess | undefined;
afterEach(() => {
  launcher?.kill('SIGKILL');
  cleanupTempDirs();
});

// A launcher that opens every hook's gate at once, as the daemon does once it has noted the group.
function startLauncher(): { send(message: object): void; outcome(id: number): Promise<FromLauncher> } {
  const child = fork(path.join(ROOT, 'dist', 'executor', 'posix-launcher.js'), [], {
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  launcher = child;
  const ended = new Map<number, (message: FromLauncher) => void>();
  child.on('message', (message: FromLauncher) => {
    if (message.type === 'started') child.send({ type: 'open', id: message.id });
    else ended.get(message.id)?.(message);
  });
  return {
    send: (message) => child.send(message),
    outcome: (id) => new Promise((resolve) => ended.set(id, resolve)),
  };
}

const run = (id: number, command: string) => ({
  type: 'run',
  id,
  request: { command, payload: Buffer.from('{}'), cwd: tempDir(), env: { PATH: process.env.PATH! }, timeoutMs: 10_000 },
});

describe('the launcher under messages it does not expect', () => {
  it('drops unknown types and messages for runs it does not hold; an abort still ends a run', async () => {
    const { send, outcome } = startLauncher();
    const kept = outcome(1);
    send(run(1, 'sleep 0.5; echo done'));
    for (const junk of [
      { type: 'bogus', id: 1 },
      { id: 1 },
      { type: 'abort', id: 99 },
      { type: 'open', id: 42 },
      { type: 'shut', id: 7, error: 'x' },
    ])
      send(junk);
    expect(await kept).toMatchObject({ type: 'over', outcome: { status: 'ok', stdout: { text: 'done\n' } } });

    const aborted = outcome(2);
    send(run(2, 'sleep 30'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    send({ type: 'abort', id: 2 });
    expect(await aborted).toMatchObject({ type: 'over', outcome: { status: 'interrupted' } });
  });
});
