// The daemon on Windows, run by node.exe under wine: its local API on a named pipe (hookd status
// reaches it), the loopback TCP listener (reached from Linux), its state folder under a path with
// spaces and non-ASCII letters, events emitted while it is down run once it is up, a crash leaves no
// dead pipe or lock behind, and a pipe name another program serves first is a clear refusal.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait-for.js';
import { runWindows, startWindows, windowsPath } from './wine.js';

const BIN = path.join(ROOT, 'dist', 'bin.js');
const started: ChildProcess[] = [];

afterEach(async () => {
  for (const child of started.splice(0)) {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await new Promise((done) => child.once('exit', done));
  }
  cleanupTempDirs();
});

/** A user's folders: a state folder with spaces and non-ASCII letters on its path, an empty hook file. */
function userFolders() {
  const home = path.join(tempDir(), 'Jürgen Ñoño');
  const state = path.join(home, 'AppData', 'Local', 'hookd');
  const settings = path.join(home, 'settings.json');
  mkdirSync(home, { recursive: true });
  writeFileSync(settings, '{"hooks":{}}\n');
  return { state, settings, env: { HOOKD_STATE_DIR: windowsPath(state) } };
}

type Folders = ReturnType<typeof userFolders>;

/** The daemon's "started" line once it has written it, as the log has it. */
async function startDaemon(folders: Folders, env: NodeJS.ProcessEnv = {}) {
  const log = path.join(folders.state, 'daemon.log');
  const before = existsSync(log) ? readFileSync(log, 'utf8').length : 0;
  const args = [BIN, 'daemon', '--settings', windowsPath(folders.settings), '--tcp-port', '0'];
  const child = startWindows('node.exe', args, { ...folders.env, ...env });
  started.push(child);
  const line = await waitFor('the daemon started', () =>
    (existsSync(log) ? readFileSync(log, 'utf8').slice(before) : '')
      .split('\n')
      .find((entry) => entry.includes('hookd daemon started')),
  );
  return { child, started: JSON.parse(line) as { socket: string; tcp: { port: number } } };
}

const hookd = (folders: Folders, args: string[], input = '') =>
  runWindows('node.exe', [BIN, ...args], { input, env: folders.env });

describe('the daemon on Windows (node.exe under wine)', () => {
  it('serves its local API on a named pipe of the user and its loopback listener on TCP', async () => {
    const folders = userFolders();
    const { started } = await startDaemon(folders);
    expect(started.socket).toMatch(/^\\\\\.\\pipe\\hookd-[^\\]+$/);
    const status = await hookd(folders, ['status', '--json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(String(status.stdout))).toHaveProperty('queue');
    const token = readFileSync(path.join(folders.state, 'local-token'), 'utf8').trim();
    const metrics = await fetch(`http://127.0.0.1:${started.tcp.port}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(metrics.status).toBe(200);
  });

  it('runs an event emitted while it was down once it is up, then one emitted while it runs', async () => {
    const folders = userFolders();
    const out = tempDir();
    // A Stop event as a Windows client may write it: CRLF line ends, a Windows working directory.
    const payload = [
      '{',
      '"session_id": "s-1",',
      `"cwd": ${JSON.stringify(windowsPath(out))},`,
      '"hook_event_name": "Stop"',
      '}',
      '',
    ].join('\r\n');
    const emit = (name: string) =>
      hookd(folders, ['emit', '--', `echo ran %USERNAME%> "${windowsPath(path.join(out, name))}"`], payload);
    expect((await emit('first')).code).toBe(0);
    expect(existsSync(path.join(out, 'first'))).toBe(false);
    await startDaemon(folders);
    // cmd creates the file, then writes its line: the line is the run's mark.
    const ran = (name: string) => () =>
      existsSync(path.join(out, name)) && readFileSync(path.join(out, name), 'utf8').trim();
    expect(await waitFor('the event emitted while the daemon was down', ran('first'))).toMatch(/^ran \S/);
    expect((await emit('second')).code).toBe(0);
    expect(await waitFor('the event emitted while it runs', ran('second'))).toMatch(/^ran \S/);
  });

  it('starts again after a crash: no dead pipe or lock is left', async () => {
    const folders = userFolders();
    const first = await startDaemon(folders);
    first.child.kill('SIGKILL');
    await new Promise((done) => first.child.once('exit', done));
    const again = await startDaemon(folders);
    expect(again.started.socket).toBe(first.started.socket);
    expect((await hookd(folders, ['status', '--json'])).code).toBe(0);
  });

  it('refuses, clearly and at once, a pipe name another program serves first', async () => {
    const folders = userFolders();
    const pipe = `\\\\.\\pipe\\hookd-squatted-${process.pid}`;
    const squatter = `require('net').createServer((s) => s.end('mine')).listen(${JSON.stringify(pipe)}, () => require('fs').writeFileSync(process.argv[1], 'up'))`;
    const ready = path.join(tempDir(), 'ready');
    started.push(startWindows('node.exe', ['-e', squatter, windowsPath(ready)]));
    await waitFor('the squatter serves the pipe', () => existsSync(ready));
    const daemon = await runWindows(
      'node.exe',
      [BIN, 'daemon', '--settings', windowsPath(folders.settings), '--tcp-port', '0', '--socket', pipe],
      { env: folders.env },
    );
    expect(daemon.code).toBe(1);
    expect(String(daemon.stderr)).toContain(pipe);
    expect(String(daemon.stderr)).toMatch(/serving/);
  });
});
