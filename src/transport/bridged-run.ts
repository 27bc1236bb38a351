// A run made in line, by the synchronous bridge (its record, inbox/run-record.ts) or by the daemon
// for an http hook (run-in-line.ts): the client already acted on its answer, so the daemon runs
// nothing more and only publishes the outcome, with what the hook decided as its client reads it
// (clients/contract.ts).
import { readDecision, blocks } from '../clients/contract.js';
import { clientById, GENERIC, SESSION_FIELDS } from '../clients/registry.js';
import type { RunRecord } from '../inbox/run-record.js';
import { toolCallIdOf } from '../payload/tool-call-id.js';
import type { Captured, Outcome } from '../common/run-result.js';
import type { RunFinished, RunInfo } from '../runs/run-bus.js';

// What the history and the bus keep of a stream: never its raw bytes.
const published = ({ text, bytes, truncated }: Captured): Captured => ({ text, bytes, truncated });

/**
 * The event (`event` when the run names one, else the payload's top-level `hook_event_name`),
 * session (and cwd) of a bridged run's payload, read leniently: the run happened whatever the
 * payload holds. The Node synchronous bridge names a run's event by it too.
 */
export function namesOf(
  payload: Buffer,
  event = '',
): { event: string; sessionId: string; toolCallId?: string; cwd?: string } {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(payload.toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the hook still ran on it; the history names no session.
  }
  const sessionField = [...SESSION_FIELDS, 'sessionId'].find((field) => typeof data[field] === 'string');
  const toolCallId = toolCallIdOf(data);
  return {
    event: event || (typeof data.hook_event_name === 'string' ? data.hook_event_name : ''),
    sessionId: sessionField ? (data[sessionField] as string) : '',
    ...(toolCallId && { toolCallId }),
    ...(typeof data.cwd === 'string' && { cwd: data.cwd }),
  };
}

/** The published outcome of a run made in line. */
export function finishedOf(info: RunInfo, run: RunRecord): RunFinished {
  const client = clientById(run.client) ?? GENERIC;
  const { outcome } = run;
  // The client's reading on top of the runner's (outcome.ts): a blocking exit is the hook deciding, not failing.
  const decides =
    outcome.status === 'failed' && outcome.signal === null && blocks(client.contract, info.event, outcome.exitCode);
  const status = decides ? 'ok' : outcome.status;
  const detail = decides ? undefined : outcome.error;
  const result: Outcome = {
    status,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    durationMs: outcome.durationMs,
    stdout: published(outcome.stdout),
    stderr: published(outcome.stderr),
    ...(detail !== undefined && { error: detail }),
  };
  // Read from every byte the record keeps; from a cut stdout (the bridge kept its head only) it is unknown, never none.
  const decision =
    status === 'ok' || status === 'failed'
      ? readDecision(client.contract, info.event, outcome.exitCode, result.stdout, result.stderr.text)
      : { decided: false, reads: 'none' };
  return {
    ...info,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    outcome: status,
    result,
    ...(detail !== undefined && { detail }),
    client: client.id,
    inline: { decided: decision.decided, decision: decision.reads, ...(run.warm !== undefined && { warm: run.warm }) },
  };
}
