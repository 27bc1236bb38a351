// One case table for the client alone (`sh -c CMD`), the native bridge (through bin/hookd's script
// and as the front door an install puts in its place) and the Node bridge (bridge-case-table.ts):
// the same stdout bytes, stderr, exit code and recorded decision; then a
// differential run of random hooks from a small grammar (exit codes, outputs of any size, JSON
// answers, signals, short sleeps) with the same checks. A hook a signal ended reads as exit 128+N
// through a bridge, as sh reports it, where the client alone sees the signal itself.
import { createHash } from 'node:crypto';
import os from 'node:os';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CASES, STOP } from './bridge-case-table.js';
import { endClients, runAsClient, type Answer, type ClientRun } from '../helpers/bridge-client.js';
import { cleanupTempDirs } from '../helpers/temp-dir.js';
import { readDecision } from '../../src/clients/contract.js';
import { clientById, GENERIC } from '../../src/clients/registry.js';
import { namesOf } from '../../src/transport/bridged-run.js';
import { parseBridgeArgs, SYNC_OPTIONS } from '../../src/clients/bridge-options.js';

afterEach(() => {
  endClients();
  cleanupTempDirs();
});

const codeOf = (answer: Answer) => answer.code ?? 128 + os.constants.signals[answer.signal!];
/** Bytes as compared: a digest (deep equality of megabytes byte by byte takes minutes), and the start for a readable diff. */
const bytesOf = (bytes: Buffer | string) => {
  const buffer = Buffer.from(bytes);
  return {
    length: buffer.length,
    sha256: createHash('sha256').update(buffer).digest('hex'),
    start: buffer.subarray(0, 120).toString('latin1'),
  };
};
/** What a client reads of an answer, and what the daemon reads of the bridge's record. */
const seen = (answer: Answer) => ({
  code: codeOf(answer),
  stdout: bytesOf(answer.stdout),
  stderr: bytesOf(answer.stderr),
  outcome: answer.record?.outcome,
  decision: answer.record?.decision,
  event: answer.record?.event,
});

/** What the client alone made of the hook: its answer, and the decision the client reads in it. */
function expectedOf(run: ClientRun, shell: Answer) {
  const { options } = parseBridgeArgs(SYNC_OPTIONS, [...(run.args ?? []), '--', run.command]);
  const client = clientById(options.client ?? '') ?? GENERIC;
  const event = options.event ?? namesOf(Buffer.from(run.payload)).event;
  const code = codeOf(shell);
  const decision = readDecision(
    client.contract,
    event,
    shell.code,
    { text: shell.stdout.toString('utf8'), bytes: shell.stdout.length, truncated: false },
    shell.stderr,
  ).reads;
  return { client, event, code, decision };
}

const both = (way: 'shell' | 'native' | 'front' | 'node', run: ClientRun, skip = false) =>
  skip ? Promise.resolve(undefined) : runAsClient(way, run);

describe('one case table: the client alone, the native bridge, the front door and the Node bridge', () => {
  it.each(CASES)(
    '$name',
    async (c) => {
      const [shell, native, front, node] = await Promise.all([
        both('shell', c.run, c.noShell !== undefined),
        both('native', c.run),
        both('front', c.run),
        both('node', c.run),
      ]);
      // The bridges answer alike, byte for byte, and record alike.
      expect(seen(node!)).toEqual(seen(native!));
      expect(seen(front!)).toEqual(seen(native!));
      if (c.bridges) {
        expect({
          code: codeOf(native!),
          stdout: native!.stdout.toString('utf8'),
          outcome: native!.record?.outcome,
          decision: native!.record?.decision,
        }).toEqual({
          code: c.bridges.code,
          stdout: c.bridges.stdout,
          outcome: c.bridges.outcome,
          decision: c.bridges.decision ?? native!.record?.decision,
        });
        expect(native!.stderr).toMatch(c.bridges.stderr);
      } else {
        const expected = expectedOf(c.run, shell!);
        expect({ code: codeOf(native!), stdout: bytesOf(native!.stdout), stderr: bytesOf(native!.stderr) }).toEqual({
          code: expected.code,
          stdout: bytesOf(shell!.stdout),
          stderr: bytesOf(shell!.stderr),
        });
        expect({ event: native!.record?.event, decision: native!.record?.decision }).toEqual({
          event: expected.event,
          decision: expected.decision,
        });
      }
      for (const answer of [native!, front!, node!]) {
        const { stdout, stderr } = answer.record!.run.outcome;
        if (c.recorded)
          expect({
            event: answer.record!.event,
            stdoutKept: stdout.raw!.length,
            stdoutBytes: stdout.bytes,
            stderrKept: stderr.raw!.length,
            stderrBytes: stderr.bytes,
          }).toMatchObject(c.recorded);
        // A trickled event: answered while the client was still writing it.
        if (c.run.stdin && 'trickle' in c.run.stdin) expect(answer.chunksLeft).toBeGreaterThan(0);
      }
    },
    90_000,
  );
});

// The grammar of the random hooks: steps, then how the hook ends.
const text = fc.stringMatching(/^[a-z {}":,]{0,40}$/);
const step = fc.oneof(
  text.map((t) => `printf '%s' '${t}'`),
  text.map((t) => `printf '%s\\n' '${t}' >&2`),
  fc
    .tuple(fc.integer({ min: 0, max: 300_000 }), fc.boolean())
    .map(([n, err]) => `head -c ${n} /dev/zero | tr '\\0' z${err ? ' >&2' : ''}`),
  fc.constantFrom(
    `echo '{"decision":"block","reason":"fc"}'`,
    `echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"fc"}}'`,
    'cat',
    'cat >/dev/null',
  ),
  fc.integer({ min: 1, max: 9 }).map((tenths) => `sleep 0.${tenths}`),
);
const ending = fc.constantFrom('', 'exit 0', 'exit 1', 'exit 2', 'exit 3', 'kill -TERM $$', 'kill -KILL $$');
const hook = fc.record({
  steps: fc.array(step, { maxLength: 4 }),
  ending,
  client: fc.constantFrom('claude', 'codex', 'copilot', 'gemini'),
  event: fc.constantFrom('Stop', 'PreToolUse', 'preToolUse', 'UserPromptSubmit'),
});

describe('random hooks: the client alone and every bridge answer alike', () => {
  it('same bytes, exit code and recorded decision for hooks from a small grammar', async () => {
    await fc.assert(
      fc.asyncProperty(hook, async ({ steps, ending, client, event }) => {
        const command = [...steps, ending].filter(Boolean).join('; ') || 'true';
        const run: ClientRun = {
          command,
          payload: STOP.replace('"Stop"', JSON.stringify(event)),
          args: ['--client', client, '--timeout', '30'],
        };
        const [shell, native, front, node] = await Promise.all([
          runAsClient('shell', run),
          runAsClient('native', run),
          runAsClient('front', run),
          runAsClient('node', run),
        ]);
        try {
          const expected = expectedOf(run, shell);
          // Codex's empty answer, the one thing a bridge adds: only to a hook that exited 0 and said nothing.
          const empty =
            shell.code === 0 && shell.stdout.length === 0 ? expected.client.contract.emptyAnswer?.[event] : undefined;
          const want = {
            command,
            code: expected.code,
            stdout: bytesOf(empty ?? shell.stdout),
            stderr: bytesOf(shell.stderr),
            decision: expected.decision,
          };
          for (const answer of [native, front, node])
            expect({
              command,
              code: codeOf(answer),
              stdout: bytesOf(answer.stdout),
              stderr: bytesOf(answer.stderr),
              decision: answer.record?.decision,
            }).toEqual(want);
        } finally {
          endClients();
          cleanupTempDirs();
        }
      }),
      { numRuns: 12 },
    );
  }, 180_000);
});
