// The client events a guard goes on (`hookd install --add no-rm-rf`): the client's own name for the
// canonical `before_tool_execute` (hif/vocabulary.ts), the first it has; for a client whose tools
// are in its events' names (Cursor: beforeShellExecution, beforeReadFile), the event of each tool the guard reads.
import { DIALECTS, dialectOf, nativeEvents } from './vocabulary.js';
import { EVENT_TOOLS } from './canonical-input.js';
import type { ClientProfile } from '../clients/profile.js';

/** The events of `client` a guard of canonical `tools` is installed on. */
export function guardEvents(client: ClientProfile, tools: readonly string[]): string[] {
  // A file of no known client: Claude Code's name, which most clients read.
  if (!DIALECTS.some((dialect) => dialect.client === client.id)) return ['PreToolUse'];
  const natives = nativeEvents(client.id, 'before_tool_execute');
  if (natives.length === 0) return ['PreToolUse'];
  if (dialectOf(client.id).matcher !== 'split') return [natives[0]!];
  return natives.filter((event) => tools.includes(EVENT_TOOLS[event] ?? ''));
}
