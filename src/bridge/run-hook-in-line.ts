// Running the hook for the Node synchronous bridge, through the runner the daemon uses
// (runner/run-hook.ts), as native/run-hook.c does in C: `sh -c CMD` in a session of its own, the
// event on its stdin (no gate: nothing to note, the client is the one who waits), its stderr passed
// on to the client as it comes (the record keeps the first STDERR_KEPT bytes), its stdout held whole
// up to STDOUT_HELD_MAX, past which the run fails (ENDED_PAST_ANSWER_BOUND), never a cut answer.
// Over when its process exits (a child it left holding the pipes does not hold the agent), or at
// hookd's deadline, counted from this process's start: SIGTERM to the session, SIGKILL halfway to
// the client's own timeout, and a bounded wait after it. A signal the client ends the bridge with
// goes on to the hook's session, SIGKILL CLIENT_END_GRACE_MS later.
import { CLIENT_END_GRACE_MS, REAP_WAIT_MS, STDERR_KEPT, STDOUT_HELD_MAX } from './bridge-limits.js';
import { ENDED_PAST_ANSWER_BOUND, hookdDeadlineMs } from '../clients/contract.js';
import { runHook } from '../runner/run-hook.js';
import { withoutSecrets } from '../runner/hook-env.js';
import { endSession } from '../os/os.js';
import type { Captured, Outcome } from '../common/run-result.js';

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

/** The signal the client ended the bridge with, if it did. */
export const clientEndedBy = () => endedBy;

/** The outcome of a run that never started (the event came past the deadline, the bridge failed first). */
export function notRun(status: 'timed_out' | 'spawn_error', error?: string): Outcome {
  const nothing = captured(Buffer.alloc(0));
  return {
    status,
    exitCode: null,
    signal: null,
    durationMs: 0,
    stdout: nothing,
    stderr: nothing,
    ...(error !== undefined && { error }),
  };
}

/** Bytes the bridge itself hands the client (a canonical hook's translated answer), as a run's output. */
export const captured = (raw: Buffer): Captured => ({
  text: raw.toString('utf8'),
  bytes: raw.length,
  truncated: false,
  raw,
});

/** Run `sh -c command` on `payload` to its end, hookd's deadline for `timeoutMs`, or the client's signal; `moreEnv`: variables on top of the client's (a canonical hook's). */
export async function runHookInLine(
  command: string,
  payload: Buffer,
  timeoutMs: number,
  moreEnv: Record<string, string> = {},
): Promise<Outcome> {
  const deadlineMs = hookdDeadlineMs(timeoutMs);
  const ended = new AbortController();
  let pid: number | undefined;
  onEnd = (name) => ended.abort(name);
  if (endedBy) onEnd(endedBy);
  try {
    const outcome = await runHook({
      command,
      payload,
      // The client's environment, less hookd's secrets, which reach no hook (runner/hook-env.ts).
      env: { ...withoutSecrets(process.env), ...moreEnv },
      // Counted from this process's start (performance.now() is 0 there), as the client counts from
      // its spawn: Node's start-up and reading the event are part of the time the client waits.
      timeoutMs: deadlineMs - performance.now(),
      graceMs: (timeoutMs - deadlineMs) / 2,
      signal: ended.signal,
      interruptGraceMs: CLIENT_END_GRACE_MS,
      gate: false,
      onSpawn: (spawned) => void (pid = spawned),
      onStderr: (chunk) => void process.stderr.write(chunk),
      outputCap: STDOUT_HELD_MAX,
      stderrCap: STDERR_KEPT,
      raw: true,
      endPastCap: ENDED_PAST_ANSWER_BOUND,
      reapWaitMs: REAP_WAIT_MS,
      // What the pipes already hold is read; a grandchild holding them open is not waited for.
      drainMs: 0,
    });
    // What hookd ended, it ends whole: a child that outlived the sh (it trapped SIGTERM) goes too, now (this process exits soon).
    if (pid !== undefined && outcome.status !== 'ok' && outcome.status !== 'failed') endSession(pid, 'SIGKILL', true);
    // A hook that never started: the bridge says so in its own words, as the C bridge does.
    return outcome.status === 'spawn_error' && pid === undefined
      ? { ...outcome, error: `the hook could not start (/bin/sh: ${outcome.error})` }
      : outcome;
  } finally {
    onEnd = undefined;
  }
}
