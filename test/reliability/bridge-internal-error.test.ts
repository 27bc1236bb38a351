// Issue 29: a failed system call in the native bridge never reads as success. When `poll` failed,
// the run was recorded as exit 0 and the hook was left running: "allow". A failed call now ends
// the hook, exits INTERNAL_ERROR_EXIT (which every client reads as a failed hook) and is recorded
// as a run that could not be seen through, with why. The failure is injected with a preloaded
// `poll` that fails once the hook has started (the bridge's loop polls five descriptors).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { processAlive } from '../helpers/process-alive.js';
import { waitFor } from '../helpers/wait-for.js';
import { parseRecord } from '../../src/inbox/record-format.js';
import { finishedOf } from '../../src/transport/bridged-run.js';
import { INTERNAL_ERROR_EXIT } from '../../src/bridge/bridge-limits.js';

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }
  cleanupTempDirs();
});

// Fails poll() on four or more descriptors once $FAIL_POLL_AFTER exists; until then waits at most
// 50 ms a call, so the bridge looks again soon.
const FAULTY_POLL = `#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>
int poll(struct pollfd *fds, nfds_t n, int timeout) {
  static int (*real)(struct pollfd *, nfds_t, int);
  if (!real) real = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
  const char *after = getenv("FAIL_POLL_AFTER");
  if (n >= 4 && after) {
    if (access(after, F_OK) == 0) { errno = EINVAL; return -1; }
    if (timeout < 0 || timeout > 50) timeout = 50;
  }
  return real(fds, n, timeout);
}
`;

describe('the native bridge when poll fails', () => {
  it('ends the hook, exits with its own code (not 0, not 2) and records the run as failed, with why', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'faulty-poll.c'), FAULTY_POLL);
    const shim = path.join(dir, 'faulty-poll.so');
    execFileSync(process.env.CC || 'cc', ['-shared', '-fPIC', '-o', shim, path.join(dir, 'faulty-poll.c'), '-ldl']);
    const pidFile = path.join(dir, 'hook.pid');
    const state = path.join(dir, 'state');
    const env: Record<string, string | undefined> = {
      ...process.env,
      HOOKD_STATE_DIR: state,
      LD_PRELOAD: shim,
      FAIL_POLL_AFTER: pidFile,
    };
    delete env.HOOKD_BRIDGE_NODE;
    const bridge = spawn(
      HOOKD,
      [
        'sync',
        '--client',
        'claude',
        '--timeout',
        '60',
        '--',
        `echo $$ > ${pidFile}.tmp; mv ${pidFile}.tmp ${pidFile}; exec sleep 60`,
      ],
      { env, stdio: ['pipe', 'pipe', 'pipe'], detached: true },
    );
    started.push(bridge.pid!);
    bridge.stdin.end('{"session_id":"s1","hook_event_name":"PreToolUse"}\n');
    let stdout = '';
    let stderr = '';
    bridge.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    bridge.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => bridge.on('exit', resolve));
    const pid = await waitFor('the hook to have noted its pid', () =>
      existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : undefined,
    );
    started.push(pid);
    expect({ code, stdout }).toEqual({ code: INTERNAL_ERROR_EXIT, stdout: '' });
    expect(INTERNAL_ERROR_EXIT).not.toBe(0);
    expect(INTERNAL_ERROR_EXIT).not.toBe(2);
    expect(stderr).toMatch(/^hookd sync: internal error \(poll: Invalid argument\); hookd ended the hook\n$/);
    await waitFor('the hook to be ended', () => !processAlive(pid));
    const tmp = path.join(state, 'inbox', 'tmp');
    const [name] = readdirSync(tmp);
    const parsed = parseRecord(readFileSync(path.join(tmp, name!)));
    if (!parsed.ok || !parsed.content.run) throw new Error('not a run record');
    const finished = finishedOf(
      {
        eventId: name!,
        event: 'PreToolUse',
        sessionId: 's1',
        command: parsed.content.command,
        attempt: 1,
        receivedAt: 0,
        takenAt: 0,
      },
      parsed.content.run,
    );
    expect({ outcome: finished.outcome, detail: finished.detail, decision: finished.inline?.decision }).toEqual({
      outcome: 'spawn_error',
      detail: 'internal error (poll: Invalid argument); hookd ended the hook',
      decision: 'none',
    });
  }, 60_000);
});
