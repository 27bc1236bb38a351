// A canonical answer in the client's own terms (HIF hooks/0.1 §5.2): the exit code, stdout and
// stderr the client reads for it, by the rows of answer-rows.ts. `ask` goes to a client that asks its
// user, else it is a denial, as the spec requires; `continue: false` stops the agent where the client
// can be told, else it is a denial; context reaches the model where the client takes some on that
// event (and rides with the reason of a denial). A hook that exited neither 0 nor 2 (it crashed,
// could not start, exit 1) is handed on with its own exit code and nothing on stdout: the client
// reads it as it reads that hook without hookd, which the guarded entry runs where hookd is missing
// (Copilot CLI's preToolUse denies on exit 1; issue 41, 3). An answer on stdout that is no canonical
// answer lets the action go on, on the exit code the client reads as a non-blocking error (0 for
// Copilot CLI's preToolUse, where 1 denies).
// A rewritten tool input (`updated_input`) beside an allow goes where the client takes one on that
// event; anywhere else, and beside ask, the call is blocked (HIF input_rewrite: never the old input).
// One function the bridge calls; native/canonical-answer.c does the same in C.
import { answerRow, renderTemplate } from './answer-rows.js';
import type { CanonicalAnswer } from './read-canonical-answer.js';
import { blocks, type HookContract } from '../clients/contract.js';

/** What the bridge hands the client. */
export interface ClientAnswer {
  exitCode: number;
  stdout: string;
  /** Written after what the hook's stderr already passed on. */
  stderr: string;
}

/** The reason of an answer that gave none. */
export const NO_REASON = 'blocked by a hook (it gave no reason)';
/** The reason hookd gives when the hook rewrote the tool's input and the client cannot take the rewrite there. */
export const REWRITE_NOT_CARRIED =
  "blocked: the hook rewrote the tool's input (updated_input), which hookd cannot hand to this client on this event; the call would have run on the input as it was (HIF input_rewrite)";

/** `answer` for `client` (its profile id and contract) on `event`, the client's own name for it. */
export function translateAnswer(
  client: string,
  contract: HookContract,
  event: string,
  answer: CanonicalAnswer,
): ClientAnswer {
  // A rewrite the client takes goes with an allow; one it cannot take (or beside ask) blocks the call.
  const rewrite = answer.updatedInput !== undefined && (answer.outcome === 'allow' || answer.outcome === 'ask');
  const row = rewrite && answer.outcome === 'allow' ? answerRow(client, event, 'rewrite') : undefined;
  if (row) {
    const values = { reason: '', context: answer.context ?? '', event, input: answer.updatedInput };
    return { exitCode: 0, stdout: renderTemplate(row.stdout, values), stderr: '' };
  }
  return translateDecision(
    client,
    contract,
    event,
    rewrite ? { outcome: 'deny', reason: REWRITE_NOT_CARRIED } : answer,
  );
}

// Every answer but a rewrite the client takes.
function translateDecision(
  client: string,
  contract: HookContract,
  event: string,
  answer: CanonicalAnswer,
): ClientAnswer {
  const silent = contract.emptyAnswer?.[event] ?? '';
  if (answer.outcome === 'error' && answer.exitCode !== undefined)
    return { exitCode: answer.exitCode, stdout: '', stderr: '' };
  if (answer.outcome === 'error') {
    const exitCode = blocks(contract, event, 1) ? 0 : 1;
    return {
      exitCode,
      stdout: exitCode === 0 ? silent : '',
      stderr: answer.note ? `hookd sync: ${answer.note}\n` : '',
    };
  }
  const context = answer.context ?? '';
  if (answer.outcome === 'allow') {
    const row = context ? answerRow(client, event, 'context') : undefined;
    return {
      exitCode: 0,
      stdout: row ? renderTemplate(row.stdout, { reason: '', context, event }) : silent,
      stderr: '',
    };
  }
  const row = answerRow(client, event, answer.outcome) ?? answerRow(client, event, 'deny')!;
  const reason =
    [answer.reason ?? (answer.reasonOnStderr ? '' : NO_REASON), context].filter((part) => part !== '').join('\n') ||
    NO_REASON;
  const stdout = renderTemplate(row.stdout, { reason, context, event }) || (row.exitCode === 0 ? silent : '');
  // Exit 2 from the hook already put its reason on the client's stderr; only what it did not say is added.
  const said = answer.reasonOnStderr ? context : reason;
  return { exitCode: row.exitCode, stdout, stderr: row.stderr && said ? `${said}\n` : '' };
}
