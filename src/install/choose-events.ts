// The events --events names, checked against the clients' events, and the events an example
// hook of --add goes on: those named, else those whose result the client ignores (where a
// notification or a log line never holds the agent). Where each hook goes is route-hooks.ts's.
import { suggestEvent } from '../settings/suggest-event.js';
import { UsageError } from '../common/errors.js';
import type { ClientProfile } from '../clients/profile.js';

export interface EventChoice {
  /** The events --add puts its example hooks on (beside the client's stop event). */
  events: string[];
}

/** The comma-separated names of `--events`, trimmed, without repeats. */
export function eventList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const events = [
    ...new Set(
      value
        .split(',')
        .map((event) => event.trim())
        .filter(Boolean),
    ),
  ];
  if (events.length === 0)
    throw new UsageError('--events: expected a comma-separated list of event names, such as Notification,SessionEnd');
  return events;
}

/** The events of `client` the example hooks go on; `named` are the events of --events, if given. */
export function chooseEvents(client: ClientProfile, named: readonly string[] | undefined): EventChoice {
  return {
    events: named === undefined ? [...client.fireAndForget] : named.filter((event) => client.events.includes(event)),
  };
}

/** Refuse an event of --events that none of `clients` knows. */
export function checkNamedEvents(named: readonly string[] | undefined, clients: readonly ClientProfile[]): void {
  for (const event of named ?? []) {
    if (clients.some((client) => client.events.includes(event))) continue;
    const known = [...new Set(clients.flatMap((client) => client.events))];
    const guess = suggestEvent(event, known);
    const names = clients.map((client) => client.name).join(', ');
    throw new UsageError(
      `--events: ${names} ha${clients.length > 1 ? 've' : 's'} no event "${event}"${guess ? ` (did you mean "${guess}"?)` : ''}`,
    );
  }
}
