// How each client is told a canonical answer (HIF hooks/0.1 §5, blocking-matrix.md), as data: one
// row per client, event and outcome, each the exit code and stdout the client reads for it, and
// whether the reason goes on stderr. translate-answer.ts renders them; scripts/build-native.mjs
// generates them into the C bridge's header (native/canonical-answer.c renders the same), so the
// two bridges cannot drift. Sources, checked against the binaries where test/clients could
// (test/clients/deciding-cases.ts): a tool guard's exit 2 with stderr is every Claude-shaped
// client's denial; a stop gate is `{"decision": "block"}` (Gemini CLI: "deny"); Copilot CLI's
// preToolUse reads `permissionDecision`; Cursor's (no binary here) are its documented fields.
// Templates: %r, %c, %e are the reason, the context and the event as JSON strings; %C the context as
// text; %u the rewritten tool input (`updated_input`), the object as the hook wrote it.

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

const row = (
  client: string,
  events: readonly string[],
  outcome: AnswerRow['outcome'],
  exitCode: number,
  stdout: string,
  stderr = false,
): AnswerRow[] => events.map((event) => ({ client, event, outcome, exitCode, stdout, stderr }));
const each = (clients: readonly string[], make: (client: string) => AnswerRow[]) => clients.flatMap(make);

const BLOCK = '{"decision":"block","reason":%r}';
const CONTEXT = '{"hookSpecificOutput":{"hookEventName":%e,"additionalContext":%c}}';
const CURSOR_PERMISSION = (word: string) => `{"permission":"${word}","user_message":%r,"agent_message":%r}`;
const CLAUDE_SHAPED = ['claude', 'droid', 'qwen', 'codex', 'gemini', 'qoder'];

/** The rows, most particular first: a client's event, then the client's `*`, then everyone's. */
export const ANSWER_ROWS: readonly AnswerRow[] = [
  // Deny: a stop gate sends the agent back to work; a tool or prompt guard blocks it.
  ...each(['claude', 'droid', 'qwen', 'codex', 'qoder'], (client) =>
    row(client, ['Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ),
  ...row('gemini', ['AfterAgent'], 'deny', 0, '{"decision":"deny","reason":%r}'),
  ...row('copilot', ['agentStop', 'subagentStop', 'Stop', 'SubagentStop'], 'deny', 0, BLOCK),
  ...row(
    'copilot',
    ['preToolUse', 'permissionRequest'],
    'deny',
    0,
    '{"permissionDecision":"deny","permissionDecisionReason":%r}',
  ),
  ...row(
    'cursor',
    ['beforeShellExecution', 'beforeMCPExecution', 'beforeReadFile', 'preToolUse'],
    'deny',
    0,
    CURSOR_PERMISSION('deny'),
  ),
  ...row('cursor', ['beforeSubmitPrompt'], 'deny', 0, '{"continue":false,"user_message":%r}'),
  ...row('cursor', ['stop'], 'deny', 0, '{"followup_message":%r}'),
  // Claude Code's tool guard: its JSON denial, not exit 2, whose message to the model quotes the
  // entry's whole command (`PreToolUse:Bash hook error: [command -v hookd … -- 'CMD'; CMD]: reason`,
  // 2.1.330): with the JSON the model gets the reason alone (issue 42 item 5).
  ...row(
    'claude',
    ['PreToolUse'],
    'deny',
    0,
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":%r}}',
  ),
  // Cline reads no exit code: only `{"cancel": true}` on stdout stops it (the task: it has nothing finer).
  ...row('cline', ['*'], 'deny', 0, '{"cancel":true,"errorMessage":%r}'),
  ...row('*', ['*'], 'deny', 2, '', true),
  // Ask: only where the client asks its user; everywhere else the spec makes it a denial.
  ...row(
    'claude',
    ['PreToolUse'],
    'ask',
    0,
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":%r}}',
  ),
  ...row('claude', ['PermissionRequest'], 'ask', 0, ''),
  ...row('gemini', ['BeforeTool'], 'ask', 0, '{"decision":"ask","reason":%r}'),
  ...row('cursor', ['beforeShellExecution', 'beforeMCPExecution'], 'ask', 0, CURSOR_PERMISSION('ask')),
  // Context for the model, where the client takes some on that event.
  ...row(
    'claude',
    ['UserPromptSubmit', 'SessionStart', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'SubagentStart'],
    'context',
    0,
    CONTEXT,
  ),
  ...row('codex', ['UserPromptSubmit', 'SessionStart', 'PostToolUse'], 'context', 0, CONTEXT),
  ...each(['droid', 'qwen', 'qoder'], (client) => [
    ...row(client, ['UserPromptSubmit', 'SessionStart'], 'context', 0, '%C'),
    ...row(client, ['PostToolUse'], 'context', 0, CONTEXT),
  ]),
  ...row('gemini', ['BeforeAgent', 'SessionStart', 'AfterTool'], 'context', 0, CONTEXT),
  ...row('cursor', ['sessionStart'], 'context', 0, '{"additional_context":%c}'),
  // hookd's shims (shims/core.js) add a context to the prompt and to a tool's result only.
  ...each(['opencode', 'pi', 'kilo', 'amp'], (client) =>
    row(client, ['UserPromptSubmit', 'PostToolUse'], 'context', 0, CONTEXT),
  ),
  // Auggie 0.36.0 reads a context on PostToolUse only (its other events do not decide).
  ...row('auggie', ['PostToolUse'], 'context', 0, CONTEXT),
  // Crush's envelope (its docs): `context` is added to what the model sees; `halt` ends the turn.
  ...row('crush', ['PreToolUse', 'PostToolUse'], 'context', 0, '{"context":%c}'),
  ...row('crush', ['*'], 'stop', 0, '{"halt":true,"reason":%r}'),
  // The tool's input, rewritten (capabilities.md §1.2), where the binary was seen running the rewritten
  // call (Claude Code 2.1.330, Codex 0.169, Gemini CLI 0.61; test/clients/canonical-guard-real.test.ts),
  // and hookd's shims, which read Claude Code's form. Codex applies it only beside an allow, which
  // approves the call; Claude Code applies it alone and asks its user as it would have. Elsewhere a
  // rewrite cannot be carried, and translate-answer.ts blocks the call (the spec's rule).
  ...each(['claude', 'opencode', 'pi', 'kilo', 'amp'], (client) =>
    row(
      client,
      ['PreToolUse'],
      'rewrite',
      0,
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":%u}}',
    ),
  ),
  ...row(
    'codex',
    ['PreToolUse'],
    'rewrite',
    0,
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":%u}}',
  ),
  ...row(
    'gemini',
    ['BeforeTool'],
    'rewrite',
    0,
    '{"hookSpecificOutput":{"hookEventName":"BeforeTool","tool_input":%u}}',
  ),
  // continue: false stops the agent; where a client cannot be told, the denial stands in.
  ...each(CLAUDE_SHAPED, (client) => row(client, ['*'], 'stop', 0, '{"continue":false,"stopReason":%r}')),
  ...row('cursor', ['beforeSubmitPrompt'], 'stop', 0, '{"continue":false,"user_message":%r}'),
];

/** The row telling `client` the `outcome` on `event`, if the client has a way. */
export function answerRow(client: string, event: string, outcome: AnswerRow['outcome']): AnswerRow | undefined {
  const fits = (one: AnswerRow, c: string, e: string) => one.outcome === outcome && one.client === c && one.event === e;
  return (
    ANSWER_ROWS.find((one) => fits(one, client, event)) ??
    ANSWER_ROWS.find((one) => fits(one, client, '*')) ??
    ANSWER_ROWS.find((one) => fits(one, '*', event)) ??
    ANSWER_ROWS.find((one) => fits(one, '*', '*'))
  );
}

/** A template with the reason, context, event and rewritten input put in. */
export function renderTemplate(
  template: string,
  values: { reason: string; context: string; event: string; input?: string },
): string {
  return template.replace(/%[rceCu]/g, (mark) =>
    mark === '%r'
      ? JSON.stringify(values.reason)
      : mark === '%c'
        ? JSON.stringify(values.context)
        : mark === '%e'
          ? JSON.stringify(values.event)
          : mark === '%u'
            ? (values.input ?? '{}')
            : values.context,
  );
}
