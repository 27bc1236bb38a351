// Running the hook for the Node synchronous bridge, through the executor the daemon uses
// (executor/), as native/run-hook.c does in C: `sh -c CMD` in a session of its own, the
// event on its stdin (no gate: nothing to note, the client is the one who waits), its stderr passed
// on to the client as it comes (the record keeps the first STDERR_KEPT bytes), its stdout held whole
// up to STDOUT_HELD_MAX, past which the run fails (ENDED_PAST_ANSWER_BOUND), never a cut answer.
// Over when its process exits (a child it left holding the pipes does not hold the agent), or at
// hookd's deadline, counted from this process's start: SIGTERM to the session, SIGKILL halfway to
// the client's own timeout, and a bounded wait after it. A signal the client ends the bridge with
// goes on to the hook's session, SIGKILL CLIENT_END_GRACE_MS later. What hookd ended it ends whole
// before this process exits (endRestWhenOver).
import { CLIENT_END_GRACE_MS, REAP_WAIT_MS, STDERR_KEPT, STDOUT_HELD_MAX } from './bridge-limits.js';
import { ENDED_PAST_ANSWER_BOUND, hookdDeadlineMs, killGraceMs } from '../clients/contract.js';
import { inProcessExecutor } from '../executor/platform.js';
import { inheritedByHooks } from '../runner/hook-env.js';
import type { Outcome } from '../common/run-result.js';

const ENDING_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
/** Aborted, with the signal's name as its reason, when the client ends the bridge: the hook's run hears it. */
export const clientEnd = new AbortController();
let running = false;
// Listened for from the bridge's start: a signal before the hook starts leaves none to end, one
// during its run goes on to its session.
for (const name of ENDING_SIGNALS) {
  process.once(name, () => {
    clientEnd.abort(name); // the first signal's name stays its reason
    if (!running) process.kill(process.pid, name); // no hook now: end as the client asked (the listener is gone)
  });
}

/** Run `sh -c command` on `payload` to its end, hookd's deadline for `timeoutMs`, or the client's signal; `moreEnv`: variables on top of the client's (a canonical hook's). */
export async function runHookInLine(
  command: string,
  payload: Buffer,
  timeoutMs: number,
  moreEnv: Record<string, string> = {},
): Promise<Outcome> {
  const deadlineMs = hookdDeadlineMs(timeoutMs);
  let started = false;
  running = true;
  try {
    const outcome = await inProcessExecutor.run({
      command,
      payload,
      // The client's environment, less hookd's secrets and any inherited canonical fields (runner/hook-env.ts).
      env: { ...inheritedByHooks(process.env), ...moreEnv },
      // Counted from this process's start (performance.now() is 0 there), as the client counts from
      // its spawn: Node's start-up and reading the event are part of the time the client waits.
      timeoutMs: deadlineMs - performance.now(),
      graceMs: killGraceMs(timeoutMs),
      signal: clientEnd.signal,
      interruptGraceMs: CLIENT_END_GRACE_MS,
      gate: false,
      onStart: () => void (started = true),
      onStderr: (chunk) => void process.stderr.write(chunk),
      outputCap: STDOUT_HELD_MAX,
      stderrCap: STDERR_KEPT,
      raw: true,
      endPastCap: ENDED_PAST_ANSWER_BOUND,
      reapWaitMs: REAP_WAIT_MS,
      // What the pipes already hold is read; a grandchild holding them open is not waited for.
      drainMs: 0,
      // What hookd ended, it ends whole: a child that outlived the sh (it trapped SIGTERM) goes too, now (this process exits soon).
      endRestWhenOver: true,
    });
    // A hook that never started: the bridge says so in its own words, as the C bridge does.
    return outcome.status === 'spawn_error' && !started
      ? { ...outcome, error: `the hook could not start (/bin/sh: ${outcome.error})` }
      : outcome;
  } finally {
    running = false;
  }
}
