// Issue 29: no hook escapes the synchronous bridge. A hook that moved itself into the bridge's
// process group was never signalled (a 3 s timeout held the client 20.6 s while stderr said "hookd
// ended it"), and the client's own SIGTERM did not end the bridge. The hook now runs in a session
// of its own, and the bridge signals that session and the hook's pid.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD, HOOK_FIXTURES } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { processAlive } from '../helpers/process-alive.js';
import { waitFor } from '../helpers/wait-for.js';

const started: number[] = [];
const kill = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
};
afterEach(() => {
  for (const pid of started.splice(0)) (kill(-pid), kill(pid));
  cleanupTempDirs();
});

const STOP = '{"session_id":"s1","hook_event_name":"Stop"}\n';
// A double fork into setsid that ignores SIGTERM (its pid in $1), then a sleep past the deadline.
const ESCAPE_SESSION = path.join(HOOK_FIXTURES, 'escape-session.sh');
// Moves into its parent's process group (the bridge's), notes its pid, and sleeps.
const escaping = (pidFile: string) => `exec python3 -c 'import os, time
try: os.setpgid(0, os.getpgid(os.getppid()))
except OSError: pass
open("${pidFile}", "w").write(str(os.getpid()))
time.sleep(60)'`;

/** The bridge as a client starts it: a process group of its own, the event on stdin. */
function bridge(node: boolean, state: string, args: string[]) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOOKD_STATE_DIR: state,
    HOOKD_BRIDGE_NODE: node ? '1' : undefined,
  };
  const child = spawn(HOOKD, ['sync', '--client', 'claude', ...args], {
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
    detached: true,
  });
  started.push(child.pid!);
  child.stdin.end(STOP);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { child, exited };
}

const hookPid = async (pidFile: string) => {
  const pid = await waitFor(
    'the hook to note its pid',
    () => (existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) || undefined : undefined),
    20_000,
  );
  started.push(pid);
  return pid;
};

describe.each([
  { impl: 'native', node: false },
  { impl: 'node', node: true },
])('a hook that joins the bridge’s process group ($impl)', ({ node }) => {
  it('is ended at hookd’s deadline, and the client gets the timeout’s answer, not a wait for the hook', async () => {
    const state = tempDir();
    const pidFile = path.join(state, 'hook.pid');
    const { exited } = bridge(node, state, ['--timeout', '3', '--', escaping(pidFile)]);
    const pid = await hookPid(pidFile);
    // The client's own guard: far past the 3 s timeout, far short of the hook's 60 s sleep.
    const answer = await Promise.race([exited, new Promise<'held'>((resolve) => setTimeout(resolve, 25_000, 'held'))]);
    expect(answer).toMatchObject({ code: 1, stderr: expect.stringMatching(/timed out after 2\.7 s; hookd ended it/) });
    await waitFor('the hook to be gone', () => !processAlive(pid));
  }, 60_000);

  it('is ended with the bridge when the client ends the bridge with SIGTERM', async () => {
    const state = tempDir();
    const pidFile = path.join(state, 'hook.pid');
    const { child, exited } = bridge(node, state, ['--timeout', '60', '--', escaping(pidFile)]);
    const pid = await hookPid(pidFile);
    child.kill('SIGTERM');
    const answer = await Promise.race([exited, new Promise<'held'>((resolve) => setTimeout(resolve, 20_000, 'held'))]);
    expect(answer).toMatchObject({ signal: 'SIGTERM' });
    await waitFor('the hook to be gone', () => !processAlive(pid));
  }, 60_000);
});

// Issue 41, item 9: the same rule for both bridges. The native bridge is the subreaper of what the
// hook starts (Linux), so a process that left the hook's group and session is still its
// descendant; the Node bridge cannot be a subreaper, and finds it by its run's mark
// (src/executor/posix-mark.ts). The process ignores SIGTERM: only the SIGKILL that follows ends it.
describe.each([
  { impl: 'native', node: false },
  { impl: 'node', node: true },
])('a hook that leaves a process in a session of its own ($impl)', ({ node }) => {
  it.runIf(process.platform === 'linux')(
    'has it ended with the hook at hookd’s deadline',
    async () => {
      const state = tempDir();
      const pidFile = path.join(state, 'daemon.pid');
      const { exited } = bridge(node, state, ['--timeout', '3', '--', `'${ESCAPE_SESSION}' '${pidFile}'`]);
      const pid = await hookPid(pidFile);
      expect(await exited).toMatchObject({ code: 1, stderr: expect.stringMatching(/hookd ended it/) });
      await waitFor('the process the hook set apart to be gone', () => !processAlive(pid), 10_000);
    },
    60_000,
  );
});
