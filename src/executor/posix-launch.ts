// Runs the daemon's hooks from a small process of its own, the launcher (posix-launcher.ts), with
// runHook's contract. Node's spawn forks the process that calls it, and a fork costs in proportion
// to the caller's memory: the daemon holds three times a plain spawn loop's, and spawning from it
// held a burst to 0.54 of the loop where the launcher reached 0.68 (docs/benchmarks.md). The
// launcher holds little, and its forks run beside the daemon's event loop, on another core.
//
// It starts with the first run and leaves after IDLE_MS without one, so an idle daemon is one
// process; starting it delays that first hook by 70-100 ms here (a Node start-up), which the
// agent does not wait for (the bridge has returned), and IDLE_MS spans an agent's usual pauses.
// Should it die, the runs it held end as spawn_error, their hooks ended.
//
// Runs in line (an http hook the agent waits on) spawn from the daemon, not from here: they cannot
// wait for this start-up, and a warm launcher did not answer them sooner either (its four messages
// per run cost what its cheaper fork saves; docs/design.md, "Starting hooks").
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { packageRoot } from '../common/package-root.js';
import { envMs } from '../common/env-ms.js';
import type { Outcome } from '../common/run-result.js';
import { endSession } from './posix-end-session.js';
import { groupOfHandle } from './posix-groups.js';
import type { FromLauncher, ToLauncher } from './posix-launch-messages.js';
import { DEFAULT_GRACE_MS, type HookHandle, type RunRequest } from './executor.js';

const IDLE_MS = 5 * 60_000;

// What a run the launcher took with it produced: nothing.
const NOTHING = { text: '', bytes: 0, truncated: false };
const ENDED = { exitCode: null, signal: null, durationMs: 0, stdout: NOTHING, stderr: NOTHING };

interface Pending {
  /** The launcher that runs it: one that has left may exit while its successor runs hooks. */
  child: ChildProcess;
  request: RunRequest;
  resolve(outcome: Outcome): void;
  reject(error: Error): void;
  handle?: HookHandle;
  /** Why onStart refused, given back as it was thrown. */
  refusal?: Error;
  /** Stop hearing the request's abort signal, which outlives the run (the daemon's own). */
  done(): void;
}

const pending = new Map<number, Pending>();
let launcher: ChildProcess | undefined;
let nextId = 0;
let idle: NodeJS.Timeout | undefined;

function hear(child: ChildProcess, message: FromLauncher): void {
  const { id } = message;
  const run = pending.get(id);
  if (!run) return;
  if (message.type === 'started') {
    // The hook started: note it (onStart), then let it go on, or keep its gate shut and say why;
    // one path for a note made at once, one that resolves later, and one that throws or rejects.
    run.handle = message.handle;
    return void new Promise<void>((noted) => noted(run.request.onStart?.(message.handle))).then(
      () => child.send({ type: 'open', id } satisfies ToLauncher),
      (error: Error) => {
        run.refusal = error;
        child.send({ type: 'shut', id, error: error.message } satisfies ToLauncher);
      },
    );
  }
  pending.delete(id);
  run.done();
  if (message.type === 'over') run.resolve(message.outcome);
  else run.reject(run.refusal ?? new Error(message.error));
  if (pending.size === 0) rest(child);
}

// The launcher died: end what it had started, and say so for each run. Only its own: a launcher
// that left when idle exits while the next one may already run hooks.
function lost(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
  if (launcher === child) {
    launcher = undefined;
    clearTimeout(idle);
  }
  for (const [id, run] of pending) {
    if (run.child !== child) continue;
    pending.delete(id);
    run.done();
    // Its sh was the launcher's child: no longer ours to signal by pid.
    const group = run.handle === undefined ? undefined : groupOfHandle(run.handle);
    if (group) {
      endSession(group.pgid, 'SIGTERM', true, group.mark);
      setTimeout(
        () => endSession(group.pgid, 'SIGKILL', true, group.mark),
        run.request.graceMs ?? DEFAULT_GRACE_MS,
      ).unref();
    }
    // The daemon stopping anyway: the run was being interrupted.
    if (run.request.signal?.aborted) run.resolve({ status: 'interrupted', ...ENDED });
    else
      run.resolve({
        status: 'spawn_error',
        ...ENDED,
        error: `hookd's launcher exited (${signal ?? code}) while the hook ran`,
      });
  }
}

// Nothing in flight: let the daemon exit without waiting for it, and let it go after a while.
function rest(child: ChildProcess): void {
  child.channel?.unref();
  child.unref();
  // HOOKD_LAUNCHER_IDLE_MS (whole ms, up to setTimeout's limit) shortens IDLE_MS for the test of the
  // launcher's exit; anything else is IDLE_MS.
  idle = setTimeout(
    () => {
      if (launcher === child) launcher = undefined;
      child.disconnect();
    },
    envMs('HOOKD_LAUNCHER_IDLE_MS', IDLE_MS),
  ).unref();
}

function launcherNow(): ChildProcess {
  clearTimeout(idle);
  if (!launcher) {
    // A young generation of 1 MiB keeps the launcher's memory, which each fork copies, small.
    const child = fork(path.join(packageRoot(), 'dist', 'executor', 'posix-launcher.js'), [], {
      serialization: 'advanced',
      execArgv: ['--max-semi-space-size=1'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (message: FromLauncher) => hear(child, message));
    child.on('exit', (code, signal) => lost(child, code, signal));
    // Going: a run from now on starts a new one rather than wait for this one's exit.
    child.on('disconnect', () => launcher === child && (launcher = undefined));
    // A launcher that cannot start exits; 'exit' follows and says so for every run.
    child.on('error', () => undefined);
    launcher = child;
  }
  launcher.ref();
  launcher.channel?.ref();
  return launcher;
}

/** Run one hook through the launcher: runHook's request, outcome and rejection (posix-run.ts). */
export function launchHook(request: RunRequest): Promise<Outcome> {
  const child = launcherNow();
  const id = nextId++;
  const { signal, onStart: _onStart, ...sent } = request;
  const abort = () => pending.has(id) && child.send({ type: 'abort', id } satisfies ToLauncher);
  return new Promise((resolve, reject) => {
    pending.set(id, { child, request, resolve, reject, done: () => signal?.removeEventListener('abort', abort) });
    child.send({ type: 'run', id, request: sent } satisfies ToLauncher);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}
