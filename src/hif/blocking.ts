// The spec's blocking matrix (blocking-matrix.md §2): what a blocking hook's "deny" does, per
// canonical event and client: prevent the action, make the agent retry, or nothing (observe).
// Rows the real binaries contradict follow the binaries (said beside each). Events the matrix does
// not list follow the client's profile: an event whose answer the client ignores only observes.
import type { ClientId } from '../clients/registry.js';

export type Behaviour = 'prevent' | 'retry' | 'observe';

type Row = Readonly<Partial<Record<ClientId, Behaviour>>> & { '*': Behaviour };

const MATRIX: Readonly<Record<string, Row>> = {
  before_tool_execute: { '*': 'prevent' },
  // Gemini CLI's AfterTool "deny" hides the tool's result from the agent (the matrix's footnote).
  after_tool_execute: { '*': 'observe', gemini: 'prevent' },
  session_start: { '*': 'observe', cursor: 'prevent' },
  session_end: { '*': 'observe' },
  // Amp's agent.start can add to a prompt, never refuse it (its plugin API).
  before_prompt: { '*': 'prevent', copilot: 'observe', amp: 'observe' },
  // Copilot CLI: the matrix says it has no such event; the binary's agentStop takes
  // `{"decision": "block"}` and starts another turn (CLIENTS.md), so it retries. Crush's TurnEnd
  // has nothing to block (exit 2 blocks a tool; exit 49 halts, it does not send the agent back).
  agent_stop: { '*': 'retry', cursor: 'observe', crush: 'observe' },
  permission_request: { '*': 'prevent' },
};

/** What a "deny" of a hook on canonical `event` does in `client`; `fireAndForget`: the client ignores the answer of the native event. */
export function blockingBehaviour(client: ClientId, event: string, fireAndForget: boolean): Behaviour {
  if (fireAndForget) return 'observe';
  const row = MATRIX[event];
  if (!row) return 'prevent';
  return row[client] ?? row['*'];
}
