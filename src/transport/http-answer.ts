// What the hook endpoint answers Claude Code for a deciding hook it ran in line (issue 19): the
// hook's decision in the form Claude Code reads from an http hook, so that the hook means over
// http what it meant as a command hook. Claude Code 2.1.330 reads a 2xx body as a command hook's
// stdout, but only as JSON (an empty body is `{}`; any other text is an invalid answer), and any
// other status as a non-blocking error. So:
//   - exit 0, JSON object on stdout: passed through as the body;
//   - exit 0, plain text: `additionalContext` for the events whose text the client adds to the
//     context (UserPromptSubmit, SessionStart), else nothing (204), as the client would show it
//     to the user only;
//   - exit 2 (a blocking exit of the client's contract): the JSON the event blocks with, stderr as
//     the reason (PreToolUse and PreModelSwitch: permissionDecision deny; PermissionRequest: decision.behavior deny;
//     every other event: decision block);
//   - any other exit, a timeout, a hook that could not start: a non-2xx status, which Claude Code
//     reads as the command hook's non-blocking error, with the reason in the body for its log;
//   - exit 0 with more on stdout than MAX_ANSWER_BYTES: 502, the same non-blocking error, never a
//     cut answer nor 204 (issue 29). The whole stdout up to the bound passes, however long.
import { blocks, overAnswerBound, type HookContract } from '../clients/contract.js';
import type { Outcome } from '../runs/outcome.js';

/** One answer of the hook endpoint: a status and, unless 204, a JSON body. */
export interface HttpAnswer {
  status: number;
  body?: string;
}

// The JSON each event blocks with; the rest use `decision: block`.
const BLOCK_FORMS: Readonly<Record<string, (reason: string) => object>> = {
  PreToolUse: (reason) => ({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  }),
  PermissionRequest: (reason) => ({
    hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: reason } },
  }),
  // 2.1.332 reads a model switch's refusal as PreToolUse's (its own deny for the event is this form).
  PreModelSwitch: (reason) => ({
    hookSpecificOutput: {
      hookEventName: 'PreModelSwitch',
      permissionDecision: 'deny',
      permissionDecisionReason: reason,
    },
  }),
};

/** The JSON answer that does for `event` what a blocking exit with `reason` on stderr does. */
export function blockingAnswer(event: string, reason: string): object {
  return (BLOCK_FORMS[event] ?? ((why: string) => ({ decision: 'block', reason: why })))(reason);
}

const error = (status: number, detail: string): HttpAnswer => ({
  status,
  body: JSON.stringify({ status, title: 'the hook gave no answer', detail }),
});

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The answer for an exit-0 run's stdout. */
function answerOfStdout(contract: HookContract, event: string, stdout: string): HttpAnswer {
  const out = stdout.trim();
  const empty = contract.emptyAnswer?.[event];
  if (out === '') return empty !== undefined ? { status: 200, body: empty } : { status: 204 };
  if (out.startsWith('{') && isJsonObject(out)) return { status: 200, body: out };
  if (contract.textContextEvents.includes(event))
    return {
      status: 200,
      body: JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: stdout } }),
    };
  return { status: 204 };
}

/** What to answer for `outcome`, a run of a hook for `event` whose client reads it by `contract`. */
export function answerOf(
  contract: HookContract,
  event: string,
  outcome: Pick<Outcome, 'status' | 'exitCode' | 'stdout' | 'stderr' | 'error'>,
  timeoutMs: number,
): HttpAnswer {
  const stderr = outcome.stderr.text.trim();
  if (outcome.status === 'spawn_error')
    return error(500, `the hook could not start: ${outcome.error ?? 'unknown error'}`);
  if (outcome.status === 'interrupted') return error(503, 'the daemon stopped while the hook ran; it was ended');
  if (outcome.status === 'timed_out') {
    const { exitCode, stdout } = contract.onTimeout;
    const why = `the hook timed out after ${timeoutMs / 1000} s; hookd ended it`;
    if (blocks(contract, event, exitCode)) return { status: 200, body: JSON.stringify(blockingAnswer(event, why)) };
    return exitCode === 0 ? answerOfStdout(contract, event, stdout) : error(504, why);
  }
  if (blocks(contract, event, outcome.exitCode)) {
    return {
      status: 200,
      body: JSON.stringify(
        blockingAnswer(event, stderr || `the hook exited ${outcome.exitCode} and said nothing on stderr`),
      ),
    };
  }
  if (outcome.exitCode !== 0) {
    const how = outcome.exitCode === null ? 'was ended by a signal' : `exited ${outcome.exitCode}`;
    return error(500, `the hook ${how}${stderr ? `: ${stderr.split('\n')[0]}` : ''}`);
  }
  // Past the bound the answer is not all here: a head of JSON is no answer, and passing nothing
  // (204) would approve what the hook may have denied. A non-2xx is the hook failing loudly.
  if (outcome.stdout.truncated) return error(502, overAnswerBound(outcome.stdout.bytes));
  return answerOfStdout(contract, event, outcome.stdout.text);
}
