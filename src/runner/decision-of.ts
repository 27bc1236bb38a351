// What the client makes of a deciding hook's result, in a sentence for `hookd run`: a blocking exit
// code, an answer on stdout it acts on, a failure it reads as a non-blocking error, a timeout. The
// reading is the client's contract (clients/contract.ts), the one rule the bridges and the history use.
import { blocks, isBlock, readDecision } from '../clients/contract.js';
import type { HookEntry } from '../settings/config.js';
import type { Outcome } from '../runs/outcome.js';

/** A sentence about what the client makes of `outcome`, or undefined when it would act on nothing. */
export function decisionOf(entry: HookEntry, outcome: Outcome): string | undefined {
  if (!entry.decides) return undefined;
  const { name, contract } = entry.client;
  // Behind hookd sync, or posted to the hook endpoint (answered in line, issue 19), the answer reaches the client.
  const behind =
    entry.kind === 'bridge'
      ? ' (behind hookd emit it is lost: the client sees success; hookd install puts it behind hookd sync)'
      : '';
  if (outcome.status === 'timed_out') return `${name} reads a timeout of this hook as ${contract.reads.timeout}`;
  const code = outcome.exitCode;
  if (blocks(contract, entry.event, code))
    return `${name} would act on exit code ${code}: it ${contract.reads.exit2}${behind}`;
  if (code !== null && code !== 0) return `${name} reads exit code ${code} as ${contract.reads.exit1}`;
  const decision = readDecision(contract, entry.event, code, outcome.stdout, outcome.stderr.text);
  if (decision.decided === null)
    return `${name} would read the whole answer on stdout, which hookd did not keep: what it decided is ${decision.reads}`;
  return decision.decided ? `${name} would act on this answer on stdout (${decision.reads})${behind}` : undefined;
}

/**
 * When the client would stop the action on `outcome` (a blocking exit code, or an answer that
 * blocks or denies), the reason it would give the agent ('' when the hook gave none); else undefined.
 * A block is the hook deciding, not failing: the history records it as `ok → block` (transport/bridged-run.ts).
 */
export function blockOf(entry: HookEntry, outcome: Outcome): string | undefined {
  // Behind hookd emit the client sees success whatever the hook says (decisionOf says so), and the
  // daemon records its exit 2 as a failure: not a block.
  if (!entry.decides || entry.kind === 'bridge' || (outcome.status !== 'ok' && outcome.status !== 'failed'))
    return undefined;
  const decision = readDecision(
    entry.client.contract,
    entry.event,
    outcome.exitCode,
    outcome.stdout,
    outcome.stderr.text,
  );
  if (!isBlock(decision)) return undefined;
  return decision.reads.replace(/^\w+:?\s*/, '');
}
