// What deciding-hooks.test.ts needs to know of each real client (issue 19, item 9): how its model
// asks for its shell tool (so that a guard has a command to deny), which events a guard, a stop
// gate and a context hook are, and each answer in the form the client's current hook docs give it.
// Checked against the docs (search, 2026-11) and the installed binaries:
//   Claude Code: PreToolUse exit 2 with the reason on stderr; Stop {"decision":"block","reason"};
//     UserPromptSubmit plain stdout is context.
//   Gemini CLI 0.61 (bundle/docs/hooks/reference.md): BeforeTool exit 2, stderr is the reason;
//     AfterAgent {"decision":"deny","reason"} rejects the answer and sends the reason as a new
//     prompt; BeforeAgent hookSpecificOutput.additionalContext is appended to the prompt.
//   Codex 0.169 (its generated output schemas): PreToolUse exit 2 with stderr; Stop
//     {"decision":"block","reason"} continues the turn with the reason; UserPromptSubmit
//     hookSpecificOutput.additionalContext.
//   Droid 0.225: Claude Code's forms; its shell tool is Execute, which wants a risk level.
// What the clients did with a guard that exits 1 or times out (seen here, 2026-11-25): all four run
// the command (they fail open). The model sees a failed guard's stderr only with Droid (put before
// the tool's output); Gemini CLI and Codex show a warning to the user. On a timeout behind the
// bridge, hookd's note on stderr ("hookd sync: the hook timed out after 2.7 s; hookd ended it")
// therefore reaches Droid's model, where the client's own timeout told the model nothing.
import type { ClientName } from './run-client.mjs';

export const GUARD_REASON = 'hookd-e2e guard: no shell commands in this project';
export const GATE_REASON = 'hookd-e2e gate: run the tests before you stop';
export const CONTEXT_MARKER = 'hookd-e2e-context-marker-7f3a';
/** The command the model asks to run; its output (not its text) is RAN_MARKER: in a request, it shows the command ran. */
export const SHELL_COMMAND = "printf 'hookd-e2e-%s\\n' ran-42";
export const RAN_MARKER = 'hookd-e2e-ran-42';
/** A guard that denies SHELL_COMMAND (exit 2, the reason on stderr) and lets anything else pass. */
export const SHELL_GUARD = `input=$(cat); case "$input" in *ran-42*) echo '${GUARD_REASON}' >&2; exit 2;; esac`;
/** A second command, for a turn where the model calls its shell twice; its output is SECOND_RAN_MARKER. */
export const SECOND_COMMAND = "printf 'hookd-e2e-%s\\n' ran-43";
export const SECOND_RAN_MARKER = 'hookd-e2e-ran-43';

type Body = Record<string, unknown>;
type Respond = (body: Body) => unknown[] | undefined;

export interface DecidingCase {
  name: ClientName;
  label: string;
  /** Extra arguments of the turn (Gemini CLI offers its shell tool headless only with --yolo). */
  args: readonly string[];
  guard: { event: string; matcher: string };
  /** An entry's `timeout` for `seconds`, in the client's unit (Gemini CLI's is milliseconds). */
  timeout: (seconds: number) => number;
  /** The fake's answer to a request: the shell tool call while the conversation holds no tool result, else undefined (the text "hi"). */
  callShell: Respond;
  /**
   * The fake's answer: while the conversation holds n < commands.length tool results, the shell tool
   * call of commands[n] (one call an answer, so the calls run one after another), else undefined.
   */
  callShellEach: (commands: readonly string[]) => Respond;
  /** The stop event and the word of its blocking answer: `{"decision": WORD, "reason"}`. */
  stop: { event: string; decision: 'block' | 'deny' };
  /** The context hook, or why the client cannot run one where these tests run it. */
  context: { event: string; command: string } | { unsupported: string };
}

const json = (value: unknown) => JSON.stringify(value);
/** `echo 'TEXT'`, TEXT holding no single quote. */
export const echo = (text: string) => `echo '${text}'`;
const contextJson = (event: string) =>
  echo(json({ hookSpecificOutput: { hookEventName: event, additionalContext: CONTEXT_MARKER } }));
const has = (value: unknown, word: string) => JSON.stringify(value ?? []).includes(word);
const offers = (body: Body, name: string) => has(body.tools, `"${name}"`);
/** How many times `word` occurs in `value` as JSON: the tool results of a conversation, say. */
const count = (value: unknown, word: string) => JSON.stringify(value ?? []).split(word).length - 1;
/**
 * The n-th call's id, none the start of another: Claude Code 2.1.330 did not run a second call
 * `toolu_hookd_e2e_guard_1` after `toolu_hookd_e2e_guard` (its result: "[Tool result missing due to
 * internal error]"); it ran `…guard1` after `…guard0`.
 */
const nth = (id: string, n: number) => `${id}_${n}`;

/** `callShellEach` of a case from how its API counts tool results and asks for the n-th command. */
function eachCall(
  results: (body: Body) => number,
  call: (body: Body, command: string, n: number) => unknown[] | undefined,
) {
  return (commands: readonly string[]): Respond =>
    (body) => {
      const n = results(body);
      return n < commands.length ? call(body, commands[n]!, n) : undefined;
    };
}

/** The Messages API's tool_use of `tool` with `input(command)`, each command in turn (Claude Code, Droid). */
function anthropicCalls(tool: string, input: (command: string) => object) {
  return eachCall(
    (body) => count(body.messages, '"tool_result"'),
    (body, command, n) =>
      offers(body, tool)
        ? [{ type: 'tool_use', id: nth('toolu_hookd_e2e', n), name: tool, input: input(command) }]
        : undefined,
  );
}

/** The Messages API's tool_use (Claude Code, Droid), while the conversation holds no tool result. */
export function anthropicCall(tool: string, input: { command: string } & Record<string, string>) {
  return anthropicCalls(tool, (command) => ({ ...input, command }))([input.command]);
}

/** The Chat Completions API's call of `tool` with SHELL_COMMAND (Copilot CLI's `bash`, Qwen Code's `run_shell_command`). */
export function chatCall(tool: string) {
  return (body: Body) =>
    offers(body, tool) && !has(body.messages, '"role":"tool"')
      ? [
          {
            id: 'call_hookd_e2e_guard',
            name: tool,
            arguments: json({ command: SHELL_COMMAND, description: 'Print a line' }),
          },
        ]
      : undefined;
}

const CASE_LIST: readonly Omit<DecidingCase, 'callShell'>[] = [
  {
    name: 'claude',
    label: 'Claude Code 2.1.332',
    args: [],
    guard: { event: 'PreToolUse', matcher: 'Bash' },
    timeout: (seconds) => seconds,
    callShellEach: anthropicCalls('Bash', (command) => ({ command, description: 'Print a line' })),
    stop: { event: 'Stop', decision: 'block' },
    context: { event: 'UserPromptSubmit', command: echo(CONTEXT_MARKER) },
  },
  {
    name: 'gemini',
    label: 'Gemini CLI 0.61.0',
    args: ['--yolo'],
    guard: { event: 'BeforeTool', matcher: 'run_shell_command' },
    timeout: (seconds) => seconds * 1000,
    callShellEach: eachCall(
      (body) => count(body.contents, '"functionResponse"'),
      (body, command) =>
        offers(body, 'run_shell_command')
          ? [{ functionCall: { name: 'run_shell_command', args: { command } } }]
          : undefined,
    ),
    stop: { event: 'AfterAgent', decision: 'deny' },
    context: { event: 'BeforeAgent', command: contextJson('BeforeAgent') },
  },
  {
    name: 'codex',
    label: 'Codex 0.171.0',
    args: [],
    // Codex names its shell tool Bash to hooks, whatever the model called (exec_command).
    guard: { event: 'PreToolUse', matcher: 'Bash' },
    timeout: (seconds) => seconds,
    callShellEach: eachCall(
      (body) => count(body.input, '"function_call_output"'),
      (body, command, n) =>
        offers(body, 'exec_command')
          ? [
              {
                type: 'function_call',
                id: nth('fc_hookd_e2e', n),
                call_id: nth('call_hookd_e2e', n),
                name: 'exec_command',
                arguments: json({ cmd: command }),
                status: 'completed',
              },
            ]
          : undefined,
    ),
    stop: { event: 'Stop', decision: 'block' },
    context: { event: 'UserPromptSubmit', command: contextJson('UserPromptSubmit') },
  },
  {
    name: 'droid',
    label: 'Droid 0.225',
    args: [],
    guard: { event: 'PreToolUse', matcher: 'Execute' },
    timeout: (seconds) => seconds,
    callShellEach: anthropicCalls('Execute', (command) => ({
      command,
      riskLevelReason: 'It prints one line.',
      riskLevel: 'low',
    })),
    stop: { event: 'Stop', decision: 'block' },
    // Seen on 0.225: a UserPromptSubmit hook that writes a file when it runs and prints a marker
    // leaves no file and no marker in any model request after `droid exec` (CLIENTS.md: it fires
    // only in the interactive client).
    context: { unsupported: '`droid exec` never fires UserPromptSubmit (only the interactive client does)' },
  },
];

export const CASES: readonly DecidingCase[] = CASE_LIST.map((c) => ({
  ...c,
  callShell: c.callShellEach([SHELL_COMMAND]),
}));

/**
 * Every line of every string in a model request's body holding `needle`, with the hook's command as
 * the client quotes it (Claude Code quotes the command of a blocking hook) and the client's home (Codex
 * names its hooks.json) replaced: those differ between the two wirings by construction.
 */
export function linesWith(body: string, needle: string, replace: Readonly<Record<string, string>>): string[] {
  const lines: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      let text = value;
      for (const [from, to] of Object.entries(replace)) text = text.split(from).join(to);
      lines.push(...text.split('\n').filter((line) => line.includes(needle)));
    } else if (value && typeof value === 'object') {
      for (const item of Object.values(value)) walk(item);
    }
  };
  try {
    walk(JSON.parse(body));
  } catch {
    walk(body);
  }
  return lines;
}
