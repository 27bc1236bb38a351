// The example hooks `hookd install --add` writes for one client: each name checked against the
// examples, its timeout in the client's unit, and the events it goes on (a guard on the events of its
// tools, a notifier on the stop or attention events, others on the stop event and every wrapped one).
import { UsageError } from '../common/errors.js';
import { EXAMPLES, exampleCommand } from './examples.js';
import type { AddRequest } from './plan-edit.js';
import type { ClientProfile } from '../clients/profile.js';
import { guardEvents } from '../hif/guard-events.js';

/** The example hooks to add for `client`: on its stop event and on every wrapped event. */
export function parseAdds(
  values: readonly string[] | undefined,
  client: ClientProfile,
  events: readonly string[],
  dir: string,
): AddRequest[] {
  const names = [
    ...new Set(
      (values ?? [])
        .flatMap((value) => value.split(','))
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  return names.map((name) => {
    const example = EXAMPLES[name];
    if (!example)
      throw new UsageError(`--add: no example hook "${name}"; choose from ${Object.keys(EXAMPLES).join(', ')}`);
    const timeout = client.timeoutUnit === 'milliseconds' ? example.timeout * 1000 : example.timeout;
    if (example.guard)
      return {
        example: name,
        command: exampleCommand(name, dir),
        timeout,
        events: guardEvents(client, example.guard.tools),
        canonicalSync: { client: client.id, timeoutSec: example.timeout },
      };
    const on =
      example.only === 'stop'
        ? [client.stopEvent]
        : example.only === 'attention'
          ? [...client.attentionEvents]
          : [...new Set([client.stopEvent, ...events])];
    return { example: name, command: exampleCommand(name, dir), timeout, events: on };
  });
}
