// What a client makes of a deciding hook's answer, as data (issue 19): which exit codes block,
// what it does when a hook fails or times out, and what it needs on stdout when the hook says
// nothing. The synchronous bridge, the http hook endpoint, `hookd run` and the history all read a
// client's contract from here, so that a hook behind hookd means exactly what it meant before.

import { showSize } from '../common/show-size.js';
import type { Captured } from '../common/run-result.js';

/** One client's reading of a hook's answer. */
export interface HookContract {
  /** Exit codes that block (or deny) the action, per event; `*` for every other event. */
  blockingExits: Readonly<Record<string, readonly number[]>>;
  /**
   * What the bridge hands the client when hookd's timeout fires: chosen so that the client does what
   * it does when its own timeout fires (fail open: a non-blocking error; fail closed: a denial).
   */
  onTimeout: { exitCode: number; stdout: string };
  /** What the bridge prints when the hook exits 0 and prints nothing, per event (Codex's Stop needs a JSON object). */
  emptyAnswer?: Readonly<Record<string, string>>;
  /** Events whose plain-text stdout the client adds to the agent's context. */
  textContextEvents: readonly string[];
  /** One sentence per outcome for `hookd run` and the README: exit 1, exit 2, a timeout. */
  reads: { exit1: string; exit2: string; timeout: string };
}

/** Claude Code's contract, which Droid, Qwen Code and Gemini CLI follow in the main. */
export const CLAUDE_LIKE: HookContract = {
  blockingExits: { '*': [2] },
  onTimeout: { exitCode: 1, stdout: '' },
  textContextEvents: ['UserPromptSubmit', 'SessionStart'],
  reads: {
    exit1: 'a non-blocking error: shown to the user, the agent goes on',
    exit2: 'blocks: stderr goes to the agent',
    timeout: 'a non-blocking error: the agent goes on',
  },
};

/** The longest timeout hookd keeps for a hook run in line: a day (a longer one, or Infinity, is read as this). */
export const MAX_TIMEOUT_SEC = 86_400;

/** The timeout of a hook run in line: `given` seconds when it is a positive number, else the client's default; a day at most. */
export function inLineTimeoutSec(given: number | undefined, defaultSec: number): number {
  return Math.min(given !== undefined && given > 0 ? given : defaultSec, MAX_TIMEOUT_SEC);
}

/** How far before the client's timeout hookd's own fires: a tenth of it, at least 100 ms, at most 2 s (never below half the timeout). */
export const DEADLINE_MARGIN = { divisor: 10, minMs: 100, maxMs: 2000 } as const;

/**
 * When hookd's own timeout fires for an entry the client times out after `timeoutMs`: early enough
 * that hookd, not the client, ends the hook and reports it (DEADLINE_MARGIN before it, never below
 * half of it). native/hookd-shared.h carries the same formula, generated from this one.
 */
export function hookdDeadlineMs(timeoutMs: number): number {
  const margin = Math.min(DEADLINE_MARGIN.maxMs, Math.max(DEADLINE_MARGIN.minMs, timeoutMs / DEADLINE_MARGIN.divisor));
  return Math.max(Math.round(timeoutMs / 2), Math.round(timeoutMs - margin));
}

/** The share of the time between hookd's deadline and the client's timeout that SIGKILL waits: half. */
export const KILL_GRACE_DIVISOR = 2;

/**
 * How long after hookd's deadline (and its SIGTERM) a hook still running gets SIGKILL: halfway to
 * the client's own timeout, so that hookd, not the client, has ended it. Whole milliseconds, as the C
 * bridge counts them; native/hookd-shared.h carries the same formula, generated from this one.
 */
export function killGraceMs(timeoutMs: number): number {
  return Math.floor((timeoutMs - hookdDeadlineMs(timeoutMs)) / KILL_GRACE_DIVISOR);
}

/** Whether exit code `code` of a hook for `event` blocks under `contract`. */
export function blocks(contract: HookContract, event: string, code: number | null): boolean {
  if (code === null) return false;
  return (contract.blockingExits[event] ?? contract.blockingExits['*'] ?? []).includes(code);
}

// Fields of the clients' JSON answers that steer the agent.
const STEERING_FIELDS = [
  'decision',
  'continue',
  'permissionDecision',
  'hookSpecificOutput',
  'followup_message',
  'systemMessage',
  'additionalContext',
  'permission',
  'updatedInput',
  // Crush's envelope, and Cline's answer.
  'halt',
  'context',
  'updated_input',
  'contextModification',
  'overrideInput',
];

/**
 * The most of a deciding hook's stdout hookd passes on and reads a decision from: far above any real
 * answer (a denial's reason, a large file rewritten through `updatedInput`), so that no answer is
 * ever cut. Past it, hookd passes none of it on and fails loudly (issue 29): a cut JSON answer is
 * no answer, and reading it as one turned a denial into "allow".
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * Why a bridge ended a hook whose stdout passed MAX_ANSWER_BYTES: the bridges hold stdout whole and
 * end the hook there, so they know no total (native/hookd-shared.h carries this text, generated).
 */
export const ENDED_PAST_ANSWER_BOUND = `the hook wrote more than ${MAX_ANSWER_BYTES} bytes to stdout, more than any answer a client reads; hookd ended it and withheld its answer`;

/** Why an answer of `bytes` on stdout was not passed on, for the client's error and the run's record. */
export const overAnswerBound = (bytes: number) =>
  `the hook printed ${showSize(bytes)} on stdout, over hookd's bound of ${showSize(MAX_ANSWER_BYTES)} for an answer; none of it was passed on`;

/**
 * What a deciding hook answered, in a few words for the history: `none` when the client acts on
 * nothing, `unknown` when hookd saw only part of the answer (decided: null).
 */
export interface Decision {
  /** The client acts on this answer (blocks, denies, adds context, changes the input); null: hookd cannot tell. */
  decided: boolean | null;
  /** `none`, `unknown: …`, `block: reason`, `deny: reason`, `allow`, `context (120 bytes)`, `answer (decision, reason)`. */
  reads: string;
}

/**
 * The decision of an answer hookd holds only the head of: the client read the whole, which may
 * deny where the head reads as nothing. Never `none`: `hookd status` would advise moving the hook
 * behind `hookd emit`, where the agent no longer waits for it.
 */
const unknownDecision = (stdout: Captured): Decision => ({
  decided: null,
  reads: `unknown (hookd holds only the head of the ${stdout.bytes} bytes on stdout)`,
});

/** Read the answer a deciding hook gave: its exit code and stdout, as the client reads them. */
export function readDecision(
  contract: HookContract,
  event: string,
  exitCode: number | null,
  stdout: Captured,
  stderr: string,
): Decision {
  if (blocks(contract, event, exitCode)) {
    const reason = firstText(stderr);
    return { decided: true, reads: reason ? `block: ${reason}` : 'block' };
  }
  if (exitCode !== 0) return { decided: false, reads: 'none' };
  // The client acts on stdout only after exit 0: there, a cut answer tells nothing.
  if (stdout.truncated) return unknownDecision(stdout);
  const out = stdout.text.trim();
  if (out === '') return { decided: false, reads: 'none' };
  if (out.startsWith('{')) {
    try {
      return readJsonAnswer(JSON.parse(out) as Record<string, unknown>);
    } catch {
      // Not JSON: read as text below.
    }
  }
  if (contract.textContextEvents.includes(event))
    return { decided: true, reads: `context (${Buffer.byteLength(out)} bytes)` };
  return { decided: false, reads: 'none' };
}

/** Whether the client stops the action on `decision`: a blocking exit, or an answer that blocks, denies or stops (readJsonAnswer's words). */
export function isBlock(decision: Decision): boolean {
  return decision.decided === true && /^(block|deny|stop)(:|$)/.test(decision.reads);
}

function readJsonAnswer(answer: Record<string, unknown>): Decision {
  const specific = (answer.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const permission = answer.permissionDecision ?? specific.permissionDecision ?? answer.permission;
  const reason =
    answer.reason ??
    answer.permissionDecisionReason ??
    specific.permissionDecisionReason ??
    answer.stopReason ??
    answer.errorMessage;
  const why = typeof reason === 'string' && reason ? `: ${firstText(reason)}` : '';
  // Cline's `{"cancel": true}` stops the task; Crush's `{"halt": true}` the turn.
  if (answer.cancel === true) return { decided: true, reads: `block${why}` };
  if (answer.halt === true) return { decided: true, reads: `stop${why}` };
  if (typeof permission === 'string') return { decided: true, reads: `${permission}${why}` };
  if (answer.decision === 'block' || answer.decision === 'deny')
    return { decided: true, reads: `${answer.decision}${why}` };
  if (answer.continue === false) return { decided: true, reads: `stop${why}` };
  const context =
    answer.additionalContext ?? specific.additionalContext ?? answer.contextModification ?? answer.context;
  if (typeof context === 'string' && context)
    return { decided: true, reads: `context (${Buffer.byteLength(context)} bytes)` };
  const fields = STEERING_FIELDS.filter((field) => Object.hasOwn(answer, field));
  return fields.length ? { decided: true, reads: `answer (${fields.join(', ')})` } : { decided: false, reads: 'none' };
}

const firstText = (text: string) => {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
};
