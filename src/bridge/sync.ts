// The synchronous bridge in Node: what bin/hookd runs for `hookd sync` when there is no native
// bridge (no C compiler at install) or HOOKD_BRIDGE_NODE is set. Same contract as
// native/hookd-bridge.c, which is the fast path: run CMD on the event in a session of its own
// under hookd's deadline (one deadline, from the bridge's start, covering the read of the event),
// hand the client its stdout, stderr and exit code unchanged, and record the run in the inbox. It
// never depends on the daemon. A run the bridge itself fails ends with INTERNAL_ERROR_EXIT, never
// with the answer of a run it could not see through.
import { constants } from 'node:os';
import { readEvent } from './read-event.js';
import { recordRun } from './record-run.js';
import { INTERNAL_ERROR_EXIT } from './bridge-limits.js';
import { clientEnd, runHookInLine } from './run-hook-in-line.js';
import { bridgeFailure, capturedOf, WARM_ANSWERED, type RunRecord } from '../inbox/run-record.js';
import { namesOf } from '../transport/bridged-run.js';
import { notRun, type Outcome } from '../common/run-result.js';
import { hookdDeadlineMs, inLineTimeoutSec } from '../clients/contract.js';
import { answeringClient, clientById, clientFromEnv, GENERIC } from '../clients/registry.js';
import { parseBridgeArgs, speaksCanonical, SYNC_OPTIONS } from '../clients/bridge-options.js';
import { recordEnv } from '../payload/client-env.js';
import { canonicalFields } from '../hif/canonical-input.js';
import { answerInClientTerms } from '../hif/answer-in-client-terms.js';
import { socketPath, stateDir } from '../common/paths.js';
import { inheritedByHooks } from '../runner/hook-env.js';

// Why a failure of the bridge's own happened, in a few words (common/errors.js's describeError would
// load the error catalogue: about 10 ms more on the path the agent waits on).
const whyOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `hookd sync [--client ID] [--event NAME] [--timeout SEC] [--state-dir DIR] [--] CMD…` (its options
 * are clients/bridge-options.ts's). Resolves 'help' when the words ask for the command's help, which cli/main.ts prints.
 */
export async function syncFromArgv(args: string[]): Promise<'help' | void> {
  if (args[0] === '-h' || args[0] === '--help') return 'help';
  // A client that stops reading our answer is its business: never a crash with a stack on stderr.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  const { options, command: words, unreadable, help } = parseBridgeArgs(SYNC_OPTIONS, args);
  // Words before CMD it cannot read (help is asked alone, above): nothing runs, and the client reads a
  // failed hook (INTERNAL_ERROR_EXIT), never `sh -c --opt`'s exit 2, a block nobody decided.
  const refused = unreadable
    ? `cannot read its options (${unreadable.why}); the hook did not run`
    : help
      ? `cannot read its options (${words[0]} is read only as hookd sync ${words[0]}); the hook did not run`
      : undefined;
  const command = words.join(' ');
  if (command.trim() === '') {
    process.stderr.write('hookd sync: no command given; write: hookd sync -- CMD\n');
    return;
  }
  try {
    const client = options.client
      ? answeringClient(clientById(options.client) ?? GENERIC, process.env)
      : (clientFromEnv(process.env as Record<string, string>) ?? GENERIC);
    const timeoutSec = options.timeout === undefined ? undefined : Number(options.timeout);
    const timeoutMs = Math.round(inLineTimeoutSec(timeoutSec, client.defaultTimeoutSec) * 1000);
    const deadlineMs = hookdDeadlineMs(timeoutMs);
    // Counted from this process's start (performance.now()), as the client counts from its spawn.
    const read =
      process.stdin.isTTY || refused
        ? { payload: Buffer.alloc(0), pastDeadline: false }
        : await readEvent(process.stdin, deadlineMs);
    const { payload } = read;
    // The client's trace context and project directories travel with the record, in the environment's order (native/record-bytes.c keeps the same).
    const env = recordEnv(process.env);
    const startedAt = Date.now();
    // Else the payload's top-level hook_event_name, read as the daemon reads a run's (native/event-name.c the same).
    const event = options.event ?? namesOf(payload).event;
    const canonical = speaksCanonical(options);
    let outcome: Outcome | undefined;
    let warm: string | undefined;
    if (refused) outcome = notRun('spawn_error', refused);
    else if (read.pastDeadline) outcome = notRun('timed_out');
    else if (options.warm) {
      // The daemon's warm handler first; whatever it cannot answer runs cold below, exactly as without it.
      // Loaded only here: node:http is no cost of a bridge whose hook is not warm.
      const { askWarm, warmBudgetMs } = await import('./ask-warm.js');
      const asked = await askWarm(
        {
          socket: socketPath(undefined, stateDir(options.stateDir)),
          command,
          client: client.id,
          event,
          cwd: process.cwd(),
          env: inheritedByHooks(process.env),
        },
        payload,
        warmBudgetMs(deadlineMs - performance.now()),
      );
      if (asked.ok)
        outcome = {
          ...notRun('ok'),
          exitCode: 0,
          stdout: capturedOf(asked.answer),
          stderr: capturedOf(Buffer.alloc(0)),
        };
      warm = asked.ok ? WARM_ANSWERED : `cold: ${asked.why.replaceAll('\0', ' ')}`;
    }
    if (outcome === undefined) {
      try {
        // A canonical hook (--canonical) gets the canonical fields beside the payload (hif/canonical-input.ts).
        outcome = await runHookInLine(
          command,
          payload,
          timeoutMs,
          canonical ? canonicalFields(client.id, event, payload) : {},
        );
      } catch (error) {
        outcome = notRun('spawn_error', `internal error (${whyOf(error)}); the hook did not run`);
      }
    }
    const run: RunRecord = {
      client: client.id,
      event,
      cwd: process.cwd(),
      startedAt,
      endedAt: Date.now(),
      timeoutMs,
      env,
      outcome,
      ...(warm !== undefined && { warm }),
    };
    if (clientEnd.signal.aborted) {
      // Nobody reads an answer now: record the run and end as the client asked.
      recordRun(options.stateDir, command, run, payload);
      return void process.kill(process.pid, clientEnd.signal.reason as NodeJS.Signals);
    }
    let code: number;
    const internalError = bridgeFailure(outcome);
    if (internalError !== undefined) {
      process.stderr.write(`hookd sync: ${internalError}\n`);
      code = INTERNAL_ERROR_EXIT;
    } else if (outcome.status === 'timed_out') {
      // The hook's stderr already went to the client as it came; hookd's note follows it.
      const seconds = (deadlineMs / 1000).toFixed(1);
      process.stderr.write(
        read.pastDeadline
          ? `hookd sync: the client was still sending the event after ${seconds} s; the hook did not run, and hookd answers as for a timeout\n`
          : `hookd sync: the hook timed out after ${seconds} s; hookd ended it\n`,
      );
      process.stdout.write(client.contract.onTimeout.stdout);
      code = client.contract.onTimeout.exitCode;
    } else if (canonical && outcome.signal === null && outcome.exitCode !== null) {
      // A canonical hook's answer, in the client's terms; the record keeps what the client was handed.
      const answer = answerInClientTerms(client, event, outcome.exitCode, outcome.stdout.raw!, outcome.stderr.raw!);
      process.stderr.write(answer.stderr);
      process.stdout.write(answer.stdout);
      run.outcome = {
        ...outcome,
        exitCode: answer.exitCode,
        stdout: capturedOf(Buffer.from(answer.stdout)),
        stderr: capturedOf(Buffer.concat([outcome.stderr.raw!, Buffer.from(answer.stderr)])),
      };
      code = answer.exitCode;
    } else {
      // Codex's Stop needs JSON: its empty answer goes only to a hook that exited 0 and said nothing (never to one a signal ended).
      const answer =
        outcome.exitCode === 0 && outcome.stdout.bytes === 0 ? client.contract.emptyAnswer?.[run.event] : undefined;
      if (answer !== undefined) run.answer = answer;
      process.stdout.write(answer ?? outcome.stdout.raw!);
      code =
        outcome.signal !== null
          ? 128 + ((constants.signals as Record<string, number>)[outcome.signal] ?? 0)
          : (outcome.exitCode ?? INTERNAL_ERROR_EXIT);
    }
    recordRun(options.stateDir, command, run, payload);
    process.exitCode = code;
  } catch (error) {
    // A failure of the bridge's own (never the hook's answer): said, and the code every client reads as a failed hook.
    process.stderr.write(`hookd sync: internal error (${whyOf(error)})\n`);
    process.exitCode = INTERNAL_ERROR_EXIT;
  }
}
