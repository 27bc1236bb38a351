// What a claimed record is, before anything runs: a run the synchronous bridge already made, an
// event whose hook runs now, a record that cannot run (and why), or a duplicate delivery. Fills in
// the run's facts (event, session, client, project, trace context, tool call) once, for every
// subscriber of the run. Only dispatch.ts asks.
import { parsePayload } from '../../payload/parse-payload.js';
import { BRIDGE_NOTES } from '../../payload/client-env.js';
import { projectOf } from '../../payload/project-of.js';
import { clientFromEnv } from '../../clients/registry.js';
import { bridgedHookDir } from '../../runner/hook-env.js';
import { traceContextOf } from '../../telemetry/trace-context.js';
import { toolCallIdOf } from '../../payload/tool-call-id.js';
import { namesOf } from '../../transport/bridged-run.js';
import type { Claim } from '../../inbox/inbox.js';
import type { RunRecord } from '../../inbox/run-record.js';
import type { RecordContent } from '../../inbox/record-format.js';
import type { RunInfo } from '../../runs/run-bus.js';
import type { DuplicateFilter } from './duplicates.js';
import type { CheckedOutcome } from '../../runs/outcome.js';
import type { LiveConfig } from '../../settings/live-config.js';

/** A record whose runs keep being cut short by the daemon stopping is set aside after this many. */
const MAX_ATTEMPTS = 5;
/** Payloads up to this size stay in memory while their record waits for its turn; bigger ones are read again when it comes. */
const KEPT_PAYLOAD_BYTES = 64 * 1024;

/**
 * What a run needs of a checked record (not the parsed payload: records wait by the hundred). A big
 * payload is dropped until the run starts (`payload` undefined).
 */
export interface Runnable {
  record: Omit<RecordContent, 'payload'> & { payload: Buffer | undefined };
  cwd: string | undefined;
}

/** What a record turned out to be. */
export type Checked = Runnable | Ended | { bridged: RunRecord };

/**
 * A record that ends here, without a run: the outcome the check produces (the outcome table's
 * `producedBy: 'check'`), and why (`rejected`: a record that cannot run, and the reason).
 */
export interface Ended {
  outcome: CheckedOutcome;
  detail?: string;
}

/** Check `record` of `claim`, filling in `info` as far as it goes. */
export function checkRecord(
  record: RecordContent,
  claim: Claim,
  info: RunInfo,
  deps: { hooks: LiveConfig['hooks']; duplicates: DuplicateFilter },
): Checked {
  const { payload, run, ...rest } = record;
  info.command = rest.command;
  const trace = traceContextOf(rest.clientEnv);
  if (trace) info.trace = trace;
  if (run) {
    const { cwd, ...names } = namesOf(payload, run.event);
    Object.assign(info, names);
    // The payload's cwd, else where the synchronous bridge ran (where the client ran the hook).
    const project = projectOf(rest.clientEnv, cwd ?? run.cwd);
    if (project) info.project = project;
    return { bridged: run };
  }
  // The client that sent it, read once from its variables.
  const client = clientFromEnv(rest.clientEnv);
  info.client = client?.id;
  const parsed = parsePayload(payload, 'payload', rest.clientEnv[BRIDGE_NOTES.event]);
  if (!parsed.ok) return { outcome: 'rejected', detail: parsed.reason };
  // A payload that names no event, bridged without --event (Copilot CLI's, by hand): the one event whose entries run this command.
  info.event = parsed.payload.event || (deps.hooks.onlyEventOf(rest.command, client) ?? '');
  // A client that sets no variable of its own (Windsurf, Kiro CLI, Goose): the one whose file runs this command there.
  info.client ??= deps.hooks.onlyClientOf(info.event, rest.command)?.id;
  info.sessionId = parsed.payload.sessionId;
  const project = projectOf(rest.clientEnv, parsed.payload.cwd);
  if (project) info.project = project;
  const toolCallId = toolCallIdOf(parsed.payload.data);
  if (toolCallId) info.toolCallId = toolCallId;
  if (rest.clientEnv.HOOKD_RETRY_OF !== undefined) info.retryOf = rest.clientEnv.HOOKD_RETRY_OF;
  if (claim.attempt > MAX_ATTEMPTS)
    return {
      outcome: 'rejected',
      detail: `gave up after ${MAX_ATTEMPTS} attempts: the daemon stopped during each run`,
    };
  // A retry (`hookd retry`, failed-payloads.ts) repeats its run's payload on purpose: never a duplicate.
  if (
    claim.attempt === 1 &&
    rest.clientEnv.HOOKD_RETRY_OF === undefined &&
    deps.duplicates.isDuplicate(claim.key, info.command, payload, claim.receivedAt)
  )
    return { outcome: 'duplicate' };
  const cwd = bridgedHookDir(client, parsed.payload.cwd, rest.clientEnv[BRIDGE_NOTES.cwd]);
  return { record: { ...rest, payload: payload.length <= KEPT_PAYLOAD_BYTES ? payload : undefined }, cwd };
}
