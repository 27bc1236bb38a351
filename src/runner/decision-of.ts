// Whether a hook's result is a decision its client would act on: for an event the client reads,
// exit code 2 (block, and show stderr to the agent) or a JSON answer on stdout. `hookd run` says
// so, since the same hook behind the bridge would lose it.
import type { HookEntry } from '../settings/config.js';
import type { Outcome } from './outcome.js';

// Fields of the clients' JSON answers that steer the agent.
const DECISION_FIELDS = ['decision', 'continue', 'permissionDecision', 'hookSpecificOutput', 'followup_message', 'reason', 'systemMessage', 'additionalContext'];

/** A sentence about the decision in `outcome`, or undefined when the client would act on nothing. */
export function decisionOf(entry: HookEntry, outcome: Outcome): string | undefined {
  if (!entry.decides) return undefined;
  const name = entry.client.name;
  // Behind hookd sync, or posted to the hook endpoint (answered in line, issue 19), the answer reaches the client.
  const behind = entry.kind === 'bridge' ? ' (behind hookd emit it is lost: the client sees success; hookd install puts it behind hookd sync)' : '';
  if (outcome.exitCode === 2) return `${name} would act on exit code 2: it blocks ${entry.event} and shows stderr to the agent${behind}`;
  const out = outcome.stdout.text.trim();
  if (!out.startsWith('{')) return undefined;
  try {
    const answer = JSON.parse(out) as Record<string, unknown>;
    const fields = DECISION_FIELDS.filter((field) => Object.hasOwn(answer, field));
    if (fields.length) return `${name} would act on this answer on stdout (${fields.join(', ')})${behind}`;
  } catch {
    // Not JSON: the client treats it as text.
  }
  return undefined;
}
