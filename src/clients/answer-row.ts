// The shape of the rows that tell a client a canonical answer (HIF hooks/0.1 §5, blocking-matrix.md),
// and the templates several clients share. Each client's rows are in its folder's hif.ts, held by
// its profile; hif/answer-rows.ts gathers them behind everyone's defaults and looks one up, and
// scripts/build-native.mjs generates them into the C bridge's header (native/canonical-answer.c
// renders the same), so the two bridges cannot drift. Templates: %r, %c, %e are the reason, the
// context and the event as JSON strings; %C the context as text; %u the rewritten tool input
// (`updated_input`), the object as the hook wrote it.

/** One way of telling a client an outcome. `*` as client or event: any. */
export interface AnswerRow {
  client: string;
  event: string;
  outcome: 'deny' | 'ask' | 'context' | 'stop' | 'rewrite';
  exitCode: number;
  stdout: string;
  /** The reason goes on stderr, as text (where exit 2 hands stderr to the agent). */
  stderr: boolean;
}

/** The rows telling `client` the `outcome` on each of `events`. */
export const row = (
  client: string,
  events: readonly string[],
  outcome: AnswerRow['outcome'],
  exitCode: number,
  stdout: string,
  stderr = false,
): AnswerRow[] => events.map((event) => ({ client, event, outcome, exitCode, stdout, stderr }));

/** A stop gate's denial that sends the agent back to work (Claude Code's form, read by the clients shaped like it). */
export const BLOCK = '{"decision":"block","reason":%r}';
/** Context for the model in Claude Code's form. */
export const CONTEXT = '{"hookSpecificOutput":{"hookEventName":%e,"additionalContext":%c}}';
/** `continue: false` stops the agent, in every Claude-shaped client. */
export const STOP = '{"continue":false,"stopReason":%r}';
/** The tool's input rewritten, in Claude Code's form (capabilities.md §1.2). */
export const REWRITE = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":%u}}';
