// A run the synchronous bridge made in line (inbox/run-record.ts): the hook already ran in the
// client's process tree and the client already acted on its answer, so the daemon runs nothing and
// only publishes the outcome, with what the hook decided as its client reads it (clients/contract.ts).
import { constants } from 'node:os';
import { readDecision, blocks } from '../clients/contract.js';
import { clientById, GENERIC, SESSION_FIELDS } from '../clients/registry.js';
import type { BridgeRun } from '../inbox/run-record.js';
import { toolCallIdOf } from '../telemetry/trace-context.js';
import { exitOutcome, type Outcome, type RunStatus } from '../runs/outcome.js';
import type { RunFinished, RunInfo } from '../runs/run-bus.js';

const SIGNALS = new Map(Object.entries(constants.signals).map(([name, number]) => [number as number, name]));

/** The event, session (and cwd) of a bridged run's payload, read leniently: the run happened whatever the payload holds. */
export function namesOf(run: BridgeRun, payload: Buffer): { event: string; sessionId: string; toolCallId?: string; cwd?: string } {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the hook still ran on it; the history names no session.
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const sessionField = [...SESSION_FIELDS, 'sessionId'].find((field) => typeof data[field] === 'string');
  const toolCallId = toolCallIdOf(data);
  return { event: run.event || text(data.hook_event_name), sessionId: sessionField ? text(data[sessionField]) : '', ...(toolCallId && { toolCallId }), ...(typeof data.cwd === 'string' && { cwd: data.cwd }) };
}

/** The published outcome of a bridged run. */
export function finishedOf(info: RunInfo, run: BridgeRun): RunFinished {
  const client = clientById(run.client) ?? GENERIC;
  const stdoutText = run.stdout.toString('utf8');
  const stderrText = run.stderr.toString('utf8');
  const { status, detail } = statusOf(run, (code) => blocks(client.contract, info.event, code), stderrText);
  const result: Outcome = {
    status,
    exitCode: run.exitCode,
    signal: run.signal === null ? null : (SIGNALS.get(run.signal) ?? String(run.signal)),
    durationMs: run.durationMs,
    stdout: { text: stdoutText, bytes: run.stdoutBytes, truncated: run.stdoutBytes > run.stdout.length },
    stderr: { text: stderrText, bytes: run.stderrBytes, truncated: run.stderrBytes > run.stderr.length },
    ...(detail !== undefined && { error: detail }),
  };
  // Read from every byte the record keeps; from a cut stdout (the bridge kept its head only) it is unknown, never none.
  const decision = status === 'ok' || status === 'failed' ? readDecision(client.contract, info.event, run.exitCode, result.stdout, stderrText) : { decided: false, reads: 'none' };
  return {
    ...info,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    outcome: status,
    result,
    ...(detail !== undefined && { detail }),
    client: client.id,
    inline: { decided: decision.decided, decision: decision.reads },
  };
}

// How the run ended: the runner's rule for an exit (outcome.ts: `sh` exiting 126 or 127 could not
// start the command, never a silent approval), then the client's: a blocking exit is the hook deciding, not failing.
function statusOf(run: BridgeRun, blocking: (code: number | null) => boolean, stderr: string): { status: RunStatus; detail?: string } {
  if (run.spawnError !== undefined) return { status: 'spawn_error', detail: run.spawnError };
  if (run.timedOut) return { status: 'timed_out' };
  if (run.signal !== null) return { status: 'failed' };
  const exited = exitOutcome(run.exitCode, stderr);
  return exited.status === 'failed' && blocking(run.exitCode) ? { status: 'ok' } : exited;
}
