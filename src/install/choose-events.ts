// Which events install wraps for a client: by default only those whose hooks' output and exit
// code the client ignores. A deciding event is wrapped only when named in --events, with a
// warning of what its hooks lose: the bridge answers at once, "success, nothing to say".
import { suggestEvent } from '../settings/suggest-event.js';
import { UsageError } from '../common/errors.js';
import type { ClientProfile } from '../clients/profile.js';

export interface EventChoice {
  events: string[];
  /** Deciding events the user named: their hooks lose their say. */
  deciding: string[];
}

/** The comma-separated names of `--events`, trimmed, without repeats. */
export function eventList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const events = [...new Set(value.split(',').map((event) => event.trim()).filter(Boolean))];
  if (events.length === 0) throw new UsageError('--events: expected a comma-separated list of event names, such as Notification,SessionEnd');
  return events;
}

/** The events to wrap in `client`'s file; `named` are the events of --events, if given. */
export function chooseEvents(client: ClientProfile, named: readonly string[] | undefined): EventChoice {
  if (named === undefined) return { events: [...client.fireAndForget], deciding: [] };
  const events = named.filter((event) => client.events.includes(event));
  return { events, deciding: events.filter((event) => !client.fireAndForget.includes(event)) };
}

/** Refuse an event of --events that none of `clients` knows. */
export function checkNamedEvents(named: readonly string[] | undefined, clients: readonly ClientProfile[]): void {
  for (const event of named ?? []) {
    if (clients.some((client) => client.events.includes(event))) continue;
    const known = [...new Set(clients.flatMap((client) => client.events))];
    const guess = suggestEvent(event, known);
    const names = clients.map((client) => client.name).join(', ');
    throw new UsageError(`--events: ${names} ha${clients.length > 1 ? 've' : 's'} no event "${event}"${guess ? ` (did you mean "${guess}"?)` : ''}`);
  }
}

/** What a deciding event's hooks lose behind the bridge, for people. */
export function decidingWarning(client: ClientProfile, event: string, count: number): string {
  return `warning: wrapping ${count} ${event} hook(s) as asked: ${client.name} reads their output and exit code, and behind the bridge they lose that (the client always sees success with nothing to say)`;
}
