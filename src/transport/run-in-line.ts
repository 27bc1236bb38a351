// An http hook of a deciding event, run while Claude Code waits on the request (issue 19): the
// hook runs at once, outside the scheduler's queue (the agent is waiting, and queued behind other
// events' hooks it would only wait longer), under hookd's deadline for the entry's timeout, so that
// hookd, not the client, ends a hook that runs too long. Its outcome is published as the
// synchronous bridge's runs are (transport/bridged-run.ts: the same status and decision
// rules, on the runner's Outcome itself), so the history, metrics, spans and the live page see it with what it decided.
// Nothing is stored in the inbox: the client holds the event, and a daemon killed mid-run loses
// only this answer, which Claude Code reads as a non-blocking error (as when the daemon is down).
import { hookdDeadlineMs, killGraceMs, MAX_ANSWER_BYTES, overAnswerBound } from '../clients/contract.js';
import { finishedOf } from './bridged-run.js';
import { inProcessExecutor } from '../executor/platform.js';
import { hookCwd, hookEnv } from '../runner/hook-env.js';
import { newRecordId } from '../inbox/write-record.js';
import type { Outcome } from '../runs/outcome.js';
import type { ClientProfile } from '../clients/profile.js';
import type { RunBus, RunFinished, RunInfo } from '../runs/run-bus.js';

/** One deciding http hook to run now. */
export interface InLineRequest {
  event: string;
  sessionId: string;
  command: string;
  payload: Buffer;
  cwd: string | undefined;
  client: ClientProfile;
  /** The entry's timeout (the client's); hookd's own deadline fires before it. */
  timeoutMs: number;
  /** When the request came in (ms since the epoch). */
  receivedAt: number;
  /** Aborted when the client goes away or the daemon stops: the hook is ended. */
  signal: AbortSignal;
}

/** What an in-line run gives its caller: the outcome to answer with, and the publishing of it, under way. */
export interface InLineRun {
  outcome: Outcome;
  /** hookd's deadline for the entry's timeout, in ms. */
  deadlineMs: number;
  finished: RunFinished;
  /** Resolves once every subscriber took the outcome (the history's line is on disk). */
  published: Promise<void>;
}

/**
 * Run the hook of `request` now and publish its outcome on `events`. Returns as soon as the hook is
 * over: the client's answer need not wait for the history's write (`published` does).
 */
export async function runInLine(request: InLineRequest, runs: RunBus, socket: string | undefined): Promise<InLineRun> {
  const eventId = newRecordId();
  const info: RunInfo = {
    eventId,
    event: request.event,
    sessionId: request.sessionId,
    command: request.command,
    attempt: 1,
    receivedAt: request.receivedAt,
    takenAt: request.receivedAt,
    client: request.client.id,
  };
  const deadlineMs = hookdDeadlineMs(request.timeoutMs);
  const startedAt = Date.now();
  const outcome = await inProcessExecutor.run({
    command: request.command,
    payload: request.payload,
    cwd: hookCwd(request.cwd),
    env: hookEnv({ eventId, event: request.event, attempt: 1, socket, command: request.command }),
    // Counted from the request's arrival, as the client counts its timeout: a run that started late
    // (a loaded machine) still ends before the client gives up, and is recorded timed_out.
    timeoutMs: Math.max(0, deadlineMs - (Date.now() - request.receivedAt)),
    // SIGKILL still before the client's own timeout.
    graceMs: Math.max(50, killGraceMs(request.timeoutMs)),
    // The whole answer, however long, up to a bound no real answer nears: it is passed on whole or not at all.
    outputCap: MAX_ANSWER_BYTES,
    signal: request.signal,
    onStart: () => void runs.publish('started', { ...info, startedAt }),
  });
  // No client variables come with an http request.
  const run = {
    client: request.client.id,
    event: request.event,
    ...(request.cwd !== undefined && { cwd: request.cwd }),
    startedAt,
    endedAt: Date.now(),
    timeoutMs: request.timeoutMs,
    env: {},
    outcome,
  };
  const finished = finishedOf(info, run);
  // An answer past the bound reached the client as an error (http-answer.ts): the record says why.
  if (outcome.status === 'ok' && outcome.stdout.truncated) finished.detail = overAnswerBound(outcome.stdout.bytes);
  return { outcome, deadlineMs, finished, published: runs.publish('finished', finished) };
}
