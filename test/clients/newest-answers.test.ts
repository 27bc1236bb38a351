// The newest answers of the clients (issue 43 item 4), each checked in the client's binary (the
// schema strings of Claude Code 2.1.332 and Codex 0.171: docs/clients.md names each), through both
// synchronous bridges as the client runs an installed entry (`hookd sync --client ID --event E -- CMD`):
// a deciding hook's answer reaches the client byte for byte, with its exit code and stderr, and what
// hookd records of it is the answer the client acts on, never a decision of hookd's own.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HOOKD } from '../helpers/paths.js';
import { cleanupTempDirs, tempDir } from '../helpers/temp-dir.js';
import { readDecision } from '../../src/clients/contract.js';
import { clientById } from '../../src/clients/registry.js';
import { blockingAnswer } from '../../src/transport/http-answer.js';

afterEach(cleanupTempDirs);

interface Case {
  what: string;
  client: string;
  event: string;
  stdout: string;
  stderr?: string;
  exit?: number;
  /** What hookd records the answer as (contract.ts readDecision). */
  reads: string;
}

const specific = (event: string, fields: object) =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...fields } });

const CASES: Case[] = [
  {
    what: "Claude Code's defer (PreToolUse)",
    client: 'claude',
    event: 'PreToolUse',
    stdout: specific('PreToolUse', { permissionDecision: 'defer', permissionDecisionReason: 'the host decides' }),
    reads: 'defer: the host decides',
  },
  {
    what: "Claude Code's updatedToolOutput (PostToolUse, any tool)",
    client: 'claude',
    event: 'PostToolUse',
    stdout: specific('PostToolUse', { updatedToolOutput: { stdout: '[redacted]', stderr: '', interrupted: false } }),
    reads: 'answer (hookSpecificOutput)',
  },
  {
    what: "Claude Code's terminalSequence (an OSC 9 notification, escaped as JSON writes it)",
    client: 'claude',
    event: 'Stop',
    stdout: '{"terminalSequence":"\\u001b]9;agent done\\u0007"}\n',
    reads: 'none',
  },
  {
    what: "Claude Code's sessionTitle (UserPromptSubmit)",
    client: 'claude',
    event: 'UserPromptSubmit',
    stdout: specific('UserPromptSubmit', { sessionTitle: 'Fix the login bug' }),
    reads: 'answer (hookSpecificOutput)',
  },
  {
    what: "Claude Code's sessionTitle (SessionStart)",
    client: 'claude',
    event: 'SessionStart',
    stdout: specific('SessionStart', { sessionTitle: 'Nightly run', additionalContext: 'on main' }),
    reads: 'context (7 bytes)',
  },
  {
    what: "Claude Code's PreModelSwitch deny",
    client: 'claude',
    event: 'PreModelSwitch',
    stdout: specific('PreModelSwitch', {
      permissionDecision: 'deny',
      permissionDecisionReason: 'stay on the cheap model',
    }),
    reads: 'deny: stay on the cheap model',
  },
  {
    what: "Claude Code's PreModelSwitch, exit 2",
    client: 'claude',
    event: 'PreModelSwitch',
    stdout: '',
    stderr: 'no switching mid-task\n',
    exit: 2,
    reads: 'block: no switching mid-task',
  },
  {
    what: "Claude Code's PostModelSwitch context",
    client: 'claude',
    event: 'PostModelSwitch',
    stdout: specific('PostModelSwitch', { additionalContext: 'you are now on the large model' }),
    reads: 'context (30 bytes)',
  },
  {
    what: "Claude Code's PreSkillShellCommand block",
    client: 'claude',
    event: 'PreSkillShellCommand',
    stdout: '{"decision":"block","reason":"no curl in skills"}',
    reads: 'block: no curl in skills',
  },
  {
    what: "Claude Code's UserPromptExpansion block",
    client: 'claude',
    event: 'UserPromptExpansion',
    stdout: specific('UserPromptExpansion', { suppressOriginalPrompt: true }).replace(
      '{',
      '{"decision":"block","reason":"not this command",',
    ),
    reads: 'block: not this command',
  },
  {
    what: "Claude Code's PostToolBatch context",
    client: 'claude',
    event: 'PostToolBatch',
    stdout: specific('PostToolBatch', { additionalContext: 'all three edits landed' }),
    reads: 'context (22 bytes)',
  },
  {
    what: "Codex's PermissionRequest deny",
    client: 'codex',
    event: 'PermissionRequest',
    stdout: specific('PermissionRequest', { decision: { behavior: 'deny', message: 'not on main' } }),
    reads: 'answer (hookSpecificOutput)',
  },
  {
    what: "Codex's PermissionRequest allow, with updatedInput",
    client: 'codex',
    event: 'PermissionRequest',
    stdout: specific('PermissionRequest', { decision: { behavior: 'allow', updatedInput: { command: 'git status' } } }),
    reads: 'answer (hookSpecificOutput)',
  },
  {
    what: "Codex's PermissionRequest, exit 2",
    client: 'codex',
    event: 'PermissionRequest',
    stdout: '',
    stderr: 'denied by policy\n',
    exit: 2,
    reads: 'block: denied by policy',
  },
];

function bridge(
  one: Case,
  node: boolean,
  state: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOOKD_STATE_DIR: state };
  if (node) env.HOOKD_BRIDGE_NODE = '1';
  else delete env.HOOKD_BRIDGE_NODE;
  const q = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
  const hook = `cat >/dev/null; printf %s ${q(one.stderr ?? '')} >&2; printf %s ${q(one.stdout)}; exit ${one.exit ?? 0}`;
  const child = spawn(HOOKD, ['sync', '--client', one.client, '--event', one.event, '--timeout', '30', '--', hook], {
    env,
    stdio: 'pipe',
  });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(JSON.stringify({ session_id: 's', cwd: '/', hook_event_name: one.event }));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the newest answers pass through hookd sync unchanged', () => {
  for (const one of CASES)
    it(one.what, async () => {
      const state = tempDir();
      const want = { code: one.exit ?? 0, stdout: one.stdout, stderr: one.stderr ?? '' };
      for (const node of [false, true])
        expect({ node, ...(await bridge(one, node, state)) }).toEqual({ node, ...want });
      const captured = { text: one.stdout, bytes: Buffer.byteLength(one.stdout), truncated: false };
      expect(
        readDecision(clientById(one.client)!.contract, one.event, one.exit ?? 0, captured, one.stderr ?? '').reads,
      ).toBe(one.reads);
    });

  it("a blocking exit of a PreModelSwitch hook behind Claude Code's http hook endpoint is its deny, as the binary's own", () => {
    expect(blockingAnswer('PreModelSwitch', 'stay')).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreModelSwitch',
        permissionDecision: 'deny',
        permissionDecisionReason: 'stay',
      },
    });
    expect(blockingAnswer('PreSkillShellCommand', 'no')).toEqual({ decision: 'block', reason: 'no' });
  });
});
