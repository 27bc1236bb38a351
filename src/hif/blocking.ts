// The spec's blocking matrix (blocking-matrix.md §2): what a blocking hook's "deny" does, per
// canonical event and client: prevent the action, make the agent retry, or nothing (observe).
// A client's own column, where it differs, is its dialect's `blocking` (clients/gemini/hif.ts…);
// rows the real binaries contradict follow the binaries (said beside each there). Events the matrix
// does not list follow the client's profile: an event whose answer the client ignores only observes.
import type { Behaviour } from '../clients/dialect.js';
import { clientById, type ClientId } from '../clients/registry.js';

export type { Behaviour } from '../clients/dialect.js';

// Everyone's column.
const MATRIX: Readonly<Record<string, Behaviour>> = {
  before_tool_execute: 'prevent',
  after_tool_execute: 'observe',
  session_start: 'observe',
  session_end: 'observe',
  before_prompt: 'prevent',
  agent_stop: 'retry',
  permission_request: 'prevent',
};

/** What a "deny" of a hook on canonical `event` does in `client`; `fireAndForget`: the client ignores the answer of the native event. */
export function blockingBehaviour(client: ClientId, event: string, fireAndForget: boolean): Behaviour {
  if (fireAndForget) return 'observe';
  const everyone = MATRIX[event];
  if (!everyone) return 'prevent';
  return clientById(client)?.dialect?.blocking?.[event] ?? everyone;
}
