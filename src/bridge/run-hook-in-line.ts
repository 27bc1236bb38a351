// Running the hook for the Node synchronous bridge, as native/run-hook.c does in C: `sh -c CMD` in a
// session of its own (Node's `detached` spawn is setsid), the event on its stdin, its stderr passed
// on to the client as it comes (the record keeps the first STDERR_KEPT bytes), its stdout held up to
// STDOUT_HELD_MAX. Over when its process exits (a child it left holding the pipes does not hold
// the agent), or at hookd's deadline, counted from this process's start: SIGTERM to the session,
// SIGKILL halfway to the client's own timeout, and a bounded wait after it. A run the bridge
// cannot see through (the hook cannot start, stdout past its bound) ends with `internalError`.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import os from 'node:os';
import { CLIENT_END_GRACE_MS, REAP_WAIT_MS, STDERR_KEPT, STDOUT_HELD_MAX } from './bridge-limits.js';
import { ENDED_PAST_ANSWER_BOUND, hookdDeadlineMs } from '../clients/contract.js';
import { endSession } from '../runner/end-session.js';
import { withoutSecrets } from '../runner/hook-env.js';
import type { BridgeRun } from '../inbox/run-record.js';

/** A run as the bridge saw it: a BridgeRun, with why the bridge failed it (recorded as spawnError). */
export type InLineRun = BridgeRun & { internalError?: string; endedBy?: NodeJS.Signals };

const ENDING_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
/** The signal the client ended the bridge with, if it did (passed on to the hook's session). */
let endedBy: NodeJS.Signals | undefined;
let onEnd: ((name: NodeJS.Signals) => void) | undefined;
// Listened for from the bridge's start: a signal before the hook starts leaves none to end, one
// after goes on to its session.
for (const name of ENDING_SIGNALS) {
  process.once(name, () => {
    endedBy ??= name;
    if (onEnd) onEnd(name);
    else process.kill(process.pid, name); // no hook yet: end as the client asked (the listener is gone)
  });
}

/** The facts of a run that never started (the event came past the deadline, the bridge failed first). */
export function notRun(base: Omit<BridgeRun, 'endedAt' | 'durationMs' | 'exitCode' | 'signal' | 'stdout' | 'stderr' | 'stdoutBytes' | 'stderrBytes'>): InLineRun {
  return { ...base, endedAt: base.startedAt, durationMs: 0, exitCode: null, signal: null, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0), stdoutBytes: 0, stderrBytes: 0 };
}

/** Run `sh -c command` on `payload` to its end, hookd's deadline for `timeoutMs`, or the client's signal. */
export function runHookInLine(command: string, payload: Buffer, timeoutMs: number, base: Omit<BridgeRun, 'endedAt' | 'durationMs' | 'exitCode' | 'signal' | 'stdout' | 'stderr' | 'stdoutBytes' | 'stderrBytes' | 'timedOut'>): Promise<InLineRun> {
  const deadlineMs = hookdDeadlineMs(timeoutMs);
  const started = Date.now();
  return new Promise((resolve) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let [held, stdoutBytes, kept, stderrBytes] = [0, 0, 0, 0];
    let timedOut = false;
    let internalError: string | undefined;
    let reaped = false;
    const timers: NodeJS.Timeout[] = [];
    let child: ChildProcessWithoutNullStreams;
    const later = (ms: number, action: () => void) => timers.push(setTimeout(action, Math.max(0, ms)));
    let finished = false;
    const done = (facts: Pick<BridgeRun, 'exitCode' | 'signal'>) => {
      if (finished) return;
      finished = true;
      for (const timer of timers) clearTimeout(timer);
      onEnd = undefined;
      const out = Buffer.concat(stdout);
      resolve({
        ...base, timedOut, endedAt: Date.now(), durationMs: Date.now() - started, stdout: out, stderr: Buffer.concat(stderr), stdoutBytes, stderrBytes, ...facts,
        ...(internalError !== undefined && { internalError }), ...(endedBy && { endedBy }),
      });
    };
    // SIGKILL `afterMs` from now, then stop waiting REAP_WAIT_MS later: a process stuck in the kernel must not hold the agent.
    const end = (name: NodeJS.Signals, afterMs: number) => {
      if (child.pid === undefined) return;
      endSession(child.pid, name, reaped);
      later(afterMs, () => {
        if (!reaped) endSession(child.pid!, 'SIGKILL', false);
        later(REAP_WAIT_MS, () => {
          // Never seen to end (stuck in the kernel): answer without it, and let the bridge exit without it too.
          child.unref();
          child.stdout.destroy();
          child.stderr.destroy();
          done({ exitCode: null, signal: os.constants.signals.SIGKILL });
        });
      });
    };
    const fail = (message: string) => {
      if (internalError !== undefined) return;
      internalError = message;
      if (child.pid !== undefined && !reaped) end('SIGKILL', 0); // nothing it says now reaches the client
    };
    // The client's environment, less hookd's secrets, which reach no hook (runner/hook-env.ts).
    // argv[0] `sh`, as the C bridge and a client name it: sh's own messages ("sh: 1: guard: not found") read the same.
    child = spawn('/bin/sh', ['-c', command], { argv0: 'sh', detached: true, stdio: 'pipe', env: withoutSecrets(process.env) });
    onEnd = (name) => end(name, CLIENT_END_GRACE_MS);
    if (endedBy) onEnd(endedBy);
    // Counted from this process's start (performance.now() is 0 there), as the client counts from
    // its spawn: Node's start-up and reading the event are part of the time the client waits.
    later(deadlineMs - performance.now(), () => {
      if (endedBy || internalError !== undefined) return;
      timedOut = true;
      end('SIGTERM', (timeoutMs - deadlineMs) / 2);
    });
    child.on('error', (error) => {
      internalError ??= `the hook could not start (/bin/sh: ${error.message})`;
      if (child.pid === undefined) done({ exitCode: null, signal: null });
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (internalError !== undefined) return;
      const room = STDOUT_HELD_MAX - held;
      stdout.push(chunk.subarray(0, room));
      held += Math.min(room, chunk.length);
      if (chunk.length > room) fail(ENDED_PAST_ANSWER_BOUND);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Passed on as it comes: a hook that talks a lot never piles up in memory.
      process.stderr.write(chunk);
      stderrBytes += chunk.length;
      if (kept < STDERR_KEPT) stderr.push(chunk.subarray(0, STDERR_KEPT - kept));
      kept = Math.min(STDERR_KEPT, kept + chunk.length);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(payload);
    child.on('exit', (code, signal) => {
      reaped = true;
      // What hookd ended, it ends whole: a child that outlived the sh (it trapped SIGTERM) goes too.
      if (timedOut || endedBy || internalError !== undefined) endSession(child.pid!, 'SIGKILL', true);
      // What the pipes already hold is read; a grandchild holding them open is not waited for.
      setImmediate(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        done({ exitCode: signal ? null : code, signal: signal ? (os.constants.signals[signal] ?? 0) : null });
      });
    });
  });
}
