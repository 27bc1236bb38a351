// Runs one hook on POSIX: `sh -c CMD` with the payload on stdin, under a deadline, for the daemon
// (queued or in line) and for the Node synchronous bridge alike: one engine. On timeout the hook's
// session gets SIGTERM (its group, its sh, on Linux every process of its session and every process
// that carries its run's mark: posix-end-session.ts), then SIGKILL after a grace period. The run is
// over when the hook's own process exits, even if a grandchild still holds stdout. posix-start.ts
// starts it behind the gate and says when it is over.
//
// node:child_process rather than execa: this is the daemon's hottest path, and execa's extra
// machinery per subprocess halved the hooks per second the daemon could start (bench/bridge.mjs).
// What execa would add here (buffering, encoding, line splitting) the runner does not use.
import { captureOutput } from './capture-output.js';
import { DRAIN_MS, openGate, spawnHook, whenOver } from './posix-start.js';
import { endSession } from './posix-end-session.js';
import { hasExited } from './posix-groups.js';
import { newMark } from './posix-mark.js';
import { DEFAULT_GRACE_MS, DEFAULT_OUTPUT_CAP, type RunRequest } from './executor.js';
import { exitOutcome, type Outcome } from '../common/run-result.js';

type Ended = 'timed_out' | 'interrupted' | 'past_cap';

/** Run one hook and say how it ended (outcome.ts says what that means). Rejects only when `onStart` fails. */
export function runHook(request: RunRequest): Promise<Outcome> {
  const started = performance.now();
  const graceMs = request.graceMs ?? DEFAULT_GRACE_MS;
  const cap = request.outputCap ?? DEFAULT_OUTPUT_CAP;
  const mark = newMark();
  const child = spawnHook(request, started, mark);
  if (child instanceof Promise) return child;
  return new Promise((resolve, reject) => {
    let ended: Ended | undefined;
    let reaped = false;
    let settled = false;
    const stop = (why: Ended, name: NodeJS.Signals, killAfterMs: number) => {
      if (ended || child.pid === undefined) return;
      ended = why;
      endSession(child.pid, name, reaped, mark);
      // Unref'd: the SIGKILL still reaches a session that outlives `sh`, without holding the process open.
      setTimeout(() => {
        endSession(child.pid!, 'SIGKILL', reaped, mark);
        if (request.reapWaitMs !== undefined) setTimeout(giveUp, request.reapWaitMs).unref();
      }, killAfterMs).unref();
    };
    const stdout = captureOutput(child.stdout, cap, {
      raw: request.raw,
      onPastCap: request.endPastCap === undefined ? undefined : () => stop('past_cap', 'SIGKILL', 0),
    });
    const stderr = captureOutput(child.stderr, request.stderrCap ?? cap, {
      raw: request.raw,
      onData: request.onStderr,
    });
    // The deadline is a timer on the monotonic clock, which runs on while the daemon itself is
    // stopped (SIGSTOP, a suspended laptop's daemon): it may fire late, after the hook has ended.
    // So when it fires, the hook's own state decides (hasExited), and the check waits one turn
    // (setImmediate, after the poll phase) for an exit the daemon has not read yet.
    const deadline = setTimeout(
      () =>
        setImmediate(
          () =>
            child.exitCode === null &&
            child.signalCode === null &&
            !hasExited(child.pid!) &&
            stop('timed_out', 'SIGTERM', graceMs),
        ),
      Math.max(0, request.timeoutMs),
    );
    // An abort that comes once the deadline has passed (a client that gave up at its own timeout as
    // hookd's timer fired, or before a late timer ran) ends a hook that timed out: so it is named.
    // The hook gets the signal the abort names (`controller.abort('SIGINT')`), else SIGTERM.
    const onAbort = () => {
      const reason: unknown = request.signal?.reason;
      stop(
        performance.now() - started >= request.timeoutMs ? 'timed_out' : 'interrupted',
        typeof reason === 'string' && reason.startsWith('SIG') ? (reason as NodeJS.Signals) : 'SIGTERM',
        request.interruptGraceMs ?? graceMs,
      );
    };
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort);

    // What hookd ended (or could not see through), it ends whole: with endRestWhenOver, a process
    // that outlived the sh (it trapped SIGTERM, or left the session) goes at once, not at the
    // grace's end (the caller exits soon).
    const over = (outcome: Outcome) => {
      const cutShort = outcome.status !== 'ok' && outcome.status !== 'failed';
      if (request.endRestWhenOver && cutShort && child.pid !== undefined) endSession(child.pid, 'SIGKILL', true, mark);
      resolve(outcome);
    };
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      const common = {
        exitCode,
        signal,
        durationMs: Math.round(performance.now() - started),
        stdout: stdout(),
        stderr: stderr(),
      };
      // A process that never started closes with a negative errno as its "exit code".
      if (spawnError && child.pid === undefined)
        over({ status: 'spawn_error', ...common, exitCode: null, error: spawnError.message });
      // Past the cap the run is the runner's failure whatever the hook's exit said (it may have exited 0
      // before its last bytes were read): no exit code, so no reader takes its cut output for an answer.
      else if (ended === 'past_cap')
        over({ status: 'spawn_error', ...common, exitCode: null, error: request.endPastCap });
      else if (ended) over({ status: ended, ...common });
      else {
        // sh's 126 and 127 are a command that could not start (outcome.ts).
        const { status, detail } = exitOutcome(exitCode, common.stderr.text);
        over({ status, ...common, ...(detail !== undefined && { error: detail }) });
      }
    };
    // Never seen to end after SIGKILL (stuck in the kernel): over without it, and nothing of it holds this process.
    const giveUp = () => {
      if (reaped || settled) return;
      child.unref();
      child.stdout.destroy();
      child.stderr.destroy();
      finish(null, 'SIGKILL');
    };
    let spawnError: Error | undefined;
    child.on('error', (error) => {
      spawnError = error;
      clearTimeout(deadline);
    });
    child.on('exit', () => {
      reaped = true;
      clearTimeout(deadline);
    });
    openGate(child, request, mark, (error) => {
      clearTimeout(deadline);
      request.signal?.removeEventListener('abort', onAbort);
      settled = true;
      reject(error);
    });
    whenOver(child, request.drainMs ?? DRAIN_MS, finish);
  });
}
