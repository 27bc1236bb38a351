// The cases of bridge-cases.test.ts: each a hook, the event and how the client sends it, run by the
// client alone (`sh -c CMD`), through the native bridge and through the Node one. Where the bridges
// answer as the client alone would, the case says nothing more: same stdout bytes, stderr, exit
// code, and a recorded decision that is what the client read. Where they differ on purpose (hookd's
// deadline, the output bound, Codex's empty answer), `bridges` says what they answer instead. Cases
// named "issue 29: …" are the ones a reviewer reproduced against the bridges before the fix.
import type { ClientRun } from '../helpers/bridge-client.js';
import { STDOUT_HELD_MAX } from '../../src/bridge/bridge-limits.js';

export interface BridgeCase {
  name: string;
  run: ClientRun;
  /** What both bridges answer where they differ from the shell on purpose. */
  bridges?: { code: number; stdout: string; stderr: RegExp; outcome: string; decision?: string };
  /** Why the client alone is not run (it would wait past the case's guard, or for ever). */
  noShell?: string;
  /** Facts of the record to check beyond outcome and decision. */
  recorded?: { event?: string; stdoutKept?: number; stdoutBytes?: number; stderrKept?: number; stderrBytes?: number };
}

const MiB = 1024 * 1024;
export const STOP = '{"session_id":"s1","hook_event_name":"Stop","stop_hook_active":false}\n';
const PRE_TOOL = JSON.stringify({
  session_id: 's1',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf /' },
});
const PROMPT = JSON.stringify({ session_id: 's1', hook_event_name: 'UserPromptSubmit', prompt: 'hi' });
const DENY = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm -rf"}}'`;
/** `N` bytes of the letter `c` on stdout (`>&2`: stderr). */
const bytes = (n: number, c: string, to = '') => `head -c ${n} /dev/zero | tr '\\0' ${c}${to}`;
/** A hook that sleeps past any timeout here, noting its pid and its child's for the test's cleanup. */
const HANGS = 'sleep 300 & echo $! >> "$HOOK_PIDS"; echo $$ >> "$HOOK_PIDS"; sleep 300';
const timedOut = (code: number) => ({
  code,
  stdout: '',
  stderr: /timed out after 2\.7 s; hookd ended it\n$/,
  outcome: 'timed_out',
  decision: 'none',
});
// A hook that moves itself into its parent's process group (the bridge's, the client's when run
// alone), as a shell with job control or a careless daemonizer can: the bridge must still end it.
const ESCAPES = `echo $$ >> "$HOOK_PIDS"; exec python3 -c 'import os, time
try: os.setpgid(0, os.getpgid(os.getppid()))
except OSError: pass
time.sleep(60)'`;
const TRICKLED = `{"session_id":"s1","hook_event_name":"Stop","pad":"${'x'.repeat(40)}"}`;

export const CASES: readonly BridgeCase[] = [
  {
    name: 'the bytes of stdout (NUL, 0xff), stderr and exit 2, unchanged',
    run: {
      command: `cat; printf '\\377\\000x'; echo 'keep going' >&2; exit 2`,
      payload: STOP,
      args: ['--client', 'claude'],
    },
  },
  { name: 'a guard that denies with JSON', run: { command: DENY, payload: PRE_TOOL, args: ['--client', 'claude'] } },
  {
    name: 'a guard that blocks with exit 2 and its reason on stderr',
    run: { command: 'echo "tests fail" >&2; exit 2', payload: PRE_TOOL, args: ['--client', 'claude'] },
  },
  {
    name: "Copilot CLI's preToolUse: exit 1 denies",
    run: {
      command: 'echo "not here" >&2; exit 1',
      payload: '{"toolName":"bash"}',
      args: ['--client', 'copilot', '--event', 'preToolUse'],
    },
  },
  {
    name: 'plain text on UserPromptSubmit is context',
    run: { command: 'echo "the repo uses pnpm"', payload: PROMPT, args: ['--client', 'claude'] },
  },
  {
    name: "Claude Code's silent Stop hook gets nothing added",
    run: { command: 'cat >/dev/null', payload: STOP, args: ['--client', 'claude'] },
  },
  {
    name: "Codex's silent Stop hook that exited 0 gets the {} Codex needs",
    run: { command: 'cat >/dev/null', payload: STOP, args: ['--client', 'codex'] },
    bridges: { code: 0, stdout: '{}', stderr: /^$/, outcome: 'ok', decision: 'none' },
  },
  {
    name: "issue 29: Codex's Stop hook killed by a signal gets nothing invented",
    run: { command: 'kill -9 $$', payload: STOP, args: ['--client', 'codex'] },
  },
  {
    name: "Codex's Stop hook ended by SIGTERM gets nothing invented",
    run: { command: 'kill -TERM $$', payload: STOP, args: ['--client', 'codex'] },
  },
  {
    name: 'a command that cannot start: exit 127 and what sh said',
    run: { command: '/nonexistent/guard.py', payload: STOP },
  },
  {
    name: 'a hook that never reads a 2 MiB event',
    run: { command: 'exit 0', payload: `{"hook_event_name":"Stop","pad":"${'x'.repeat(2 * MiB)}"}` },
  },
  {
    name: 'a sleep well under the timeout',
    run: {
      command: `sleep 0.3; echo '{"decision":"block","reason":"slow but in time"}'`,
      payload: STOP,
      args: ['--timeout', '20'],
    },
  },
  {
    name: 'a child the hook left holding stdout does not hold the answer',
    run: {
      command: `(sleep 20; echo late) & echo $! >> "$HOOK_PIDS"; echo '{"decision":"block","reason":"tests fail"}'`,
      payload: STOP,
      args: ['--timeout', '20'],
    },
  },
  {
    name: 'a client that leaves stdin open: the hook gets the event and EOF',
    run: { command: 'cat', payload: STOP, stdin: { keepOpen: true } },
    noShell: 'sh -c cat waits for an EOF the client never sends',
    bridges: { code: 0, stdout: STOP, stderr: /^$/, outcome: 'ok', decision: 'none' },
  },
  {
    name: 'issue 29: a nested hook_event_name never names the event',
    run: {
      command: 'cat >/dev/null',
      payload: '{"tool_input":{"hook_event_name":"Stop"},"hook_event_name":"PreToolUse"}',
      args: ['--client', 'codex'],
    },
    recorded: { event: 'PreToolUse' },
  },
  {
    name: 'issue 29: a payload that is not JSON names no event',
    run: { command: 'cat >/dev/null', payload: '{"hook_event_name":"Stop", oops', args: ['--client', 'codex'] },
    recorded: { event: '' },
  },
  {
    name: 'a key spelled with an escape names the event, as JSON.parse reads it',
    run: { command: 'cat >/dev/null', payload: '{"hook\\u005fevent_name":"St\\u006fp"}', args: ['--client', 'codex'] },
    bridges: { code: 0, stdout: '{}', stderr: /^$/, outcome: 'ok', decision: 'none' },
    recorded: { event: 'Stop' },
  },
  {
    name: 'issue 29: a 70 KB block answer decides (the record keeps the whole stdout)',
    run: {
      command: `printf '{"decision":"block","reason":"%s"}' "$(${bytes(70_000, 'r')})"`,
      payload: STOP,
      args: ['--client', 'claude'],
    },
    recorded: {
      stdoutKept: 70_000 + '{"decision":"block","reason":""}'.length,
      stdoutBytes: 70_000 + '{"decision":"block","reason":""}'.length,
    },
  },
  {
    name: 'issue 29: 1 MiB of stderr streams through, the record keeps its first 64 KiB',
    run: {
      command: `${bytes(MiB, 'e', ' >&2')}; echo '{"decision":"block","reason":"loud"}'`,
      payload: STOP,
      args: ['--client', 'claude'],
    },
    recorded: { stderrKept: 64 * 1024, stderrBytes: MiB },
  },
  {
    name: 'stdout at the bound passes whole and is recorded whole',
    run: { command: bytes(STDOUT_HELD_MAX, 'a'), payload: STOP },
    recorded: { stdoutKept: STDOUT_HELD_MAX, stdoutBytes: STDOUT_HELD_MAX },
  },
  {
    name: 'issue 29: stdout past the bound fails loudly (exit 125), never a cut answer with exit 0',
    run: {
      command: `${bytes(STDOUT_HELD_MAX + 1, 'a')}; echo '{"decision":"block","reason":"the tail"}'`,
      payload: STOP,
      args: ['--timeout', '30'],
    },
    bridges: {
      code: 125,
      stdout: '',
      stderr: new RegExp(
        `hookd sync: the hook wrote more than ${STDOUT_HELD_MAX} bytes to stdout.*withheld its answer\\n$`,
      ),
      outcome: 'spawn_error',
      decision: 'none',
    },
    recorded: { stdoutKept: STDOUT_HELD_MAX },
  },
  {
    name: "hookd's deadline ends the hook and its child, before the client's own timeout, as the client reads a timeout",
    run: { command: HANGS, payload: STOP, args: ['--timeout', '3', '--client', 'claude'], clientTimeoutMs: 20_000 },
    noShell: 'the client alone waits for the hook to its own timeout',
    bridges: timedOut(1),
  },
  {
    name: "Copilot CLI: hookd's deadline answers as its timeout does (the tool runs)",
    run: {
      command: HANGS,
      payload: '{"toolName":"bash"}',
      args: ['--timeout', '3', '--client', 'copilot', '--event', 'preToolUse'],
      clientTimeoutMs: 20_000,
    },
    noShell: 'the client alone waits for the hook to its own timeout',
    bridges: timedOut(0),
  },
  {
    name: "issue 29: a hook that moves into the bridge's process group is still ended at the deadline",
    run: { command: ESCAPES, payload: STOP, args: ['--timeout', '3', '--client', 'claude'], clientTimeoutMs: 20_000 },
    noShell: 'the client alone waits for the hook to its own timeout',
    bridges: timedOut(1),
  },
  {
    name: 'issue 29: a client that trickles the event is answered at the deadline, with no hook run on half an event',
    run: {
      command: 'cat >/dev/null; echo ran',
      payload: TRICKLED,
      args: ['--timeout', '3', '--client', 'claude'],
      stdin: { trickle: TRICKLED.match(/.{1,2}/g)!, everyMs: 250 },
      clientTimeoutMs: 30_000,
    },
    noShell: 'the client alone waits for its own stdin',
    bridges: {
      code: 1,
      stdout: '',
      stderr:
        /^hookd sync: the client was still sending the event after 2\.7 s; the hook did not run, and hookd answers as for a timeout\n$/,
      outcome: 'timed_out',
      decision: 'none',
    },
  },
];
