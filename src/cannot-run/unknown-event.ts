// A hook on an event its client does not have never fires: Claude Code's events are case-sensitive,
// so `PretoolUse` waits for an event that never comes, and so does a Gemini CLI file's `Stop`
// (Claude Code's name: Gemini CLI's turn ends with AfterAgent). `hookd validate` warns of the name;
// this names the hooks where people look for a hook that does not run.
import { suggestEvent } from '../settings/suggest-event.js';
import { CLIENTS } from '../clients/registry.js';
import type { ClientProfile } from '../clients/profile.js';
import { cannotRunRow } from './cannot-run-row.js';
import type { ReasonCheck } from './cannot-run.js';

// Another client's "turn finished" (Stop, agentStop, AfterAgent…) in this client's file means its own.
function closest(event: string, client: ClientProfile): string | undefined {
  const near = suggestEvent(event, client.events);
  if (near) return near;
  return CLIENTS.some((other) => other.stopEvent === event) ? client.stopEvent : undefined;
}

/** Hooks on an event their client does not have. */
export const unknownEvent: ReasonCheck = async (entries) =>
  entries.flatMap((entry) => {
    if (entry.client.events.length === 0 || entry.client.events.includes(entry.event)) return [];
    const near = closest(entry.event, entry.client);
    return [
      cannotRunRow(
        entry,
        'unknown-event',
        `${entry.client.name} has no event "${entry.event}" (its names are case-sensitive): the hook never fires`,
        near
          ? `rename the event to "${near}"`
          : `put it under one of ${entry.client.name}'s events (${entry.client.events.join(', ')})`,
      ),
    ];
  });
