// The example hooks `hookd install --add` writes for one client: each name checked against the
// examples, its timeout in the client's unit, and the events it goes on (the guards together, on
// the events of their tools; a notifier on the stop or attention events; others on the stop event
// and every wrapped one).
import { UsageError } from '../common/errors.js';
import { EXAMPLES, exampleCommand, guardsCommand } from './examples.js';
import type { AddRequest } from './plan-edit.js';
import type { ClientProfile } from '../clients/profile.js';
import { guardEvents } from '../hif/guard-events.js';
import { DIALECTS, dialectOf } from '../hif/vocabulary.js';
import { EVENT_TOOLS } from '../hif/canonical-input.js';
import { encodeMatcher } from '../hif/encode-matcher.js';
import { syncCommand } from './quote-command.js';

/** The example hooks to add for `client`: on its stop event and on every wrapped event. */
export function parseAdds(
  values: readonly string[] | undefined,
  client: ClientProfile,
  events: readonly string[],
  dir: string,
  bridgeOptions: readonly string[] = [],
): AddRequest[] {
  const names = [
    ...new Set(
      (values ?? [])
        .flatMap((value) => value.split(','))
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  for (const name of names)
    if (!EXAMPLES[name])
      throw new UsageError(`--add: no example hook "${name}"; choose from ${Object.keys(EXAMPLES).join(', ')}`);
  const guards = names.filter((name) => EXAMPLES[name]!.guard);
  const others = names
    .filter((name) => !EXAMPLES[name]!.guard)
    .map((name): AddRequest => {
      const example = EXAMPLES[name]!;
      const on =
        example.only === 'stop'
          ? [client.stopEvent]
          : example.only === 'attention'
            ? [...client.attentionEvents]
            : [...new Set([client.stopEvent, ...events])];
      return {
        example: name,
        command: exampleCommand(name, dir),
        timeout: inUnit(client, example.timeout),
        events: on,
      };
    });
  return [...guardAdds(guards, client, bridgeOptions), ...others];
}

const inUnit = (client: ClientProfile, seconds: number) =>
  client.timeoutUnit === 'milliseconds' ? seconds * 1000 : seconds;

/**
 * The guards `names` as few entries as their tools allow: on each of the client's events, one entry
 * for each set of guards that read the same tools, matched to those tools (a Bash call asks one warm
 * handler for every shell guard; a Read starts none of them). Each runs behind `hookd sync --warm`.
 */
function guardAdds(names: readonly string[], client: ClientProfile, bridgeOptions: readonly string[]): AddRequest[] {
  if (names.length === 0) return [];
  const timeoutSec = Math.max(...names.map((name) => EXAMPLES[name]!.timeout));
  const known = DIALECTS.some((dialect) => dialect.client === client.id);
  const adds: AddRequest[] = [];
  const events = [...new Set(names.flatMap((name) => guardEvents(client, EXAMPLES[name]!.guard!.tools)))];
  const style = known ? dialectOf(client.id).matcher : 'names';
  for (const event of events) {
    // The tools the guards read on this event (Cursor's beforeReadFile is file_read alone), and who reads each.
    const tools = EVENT_TOOLS[event]
      ? [EVENT_TOOLS[event]]
      : [...new Set(names.flatMap((name) => EXAMPLES[name]!.guard!.tools))];
    const readers = (tool: string) => names.filter((name) => EXAMPLES[name]!.guard!.tools.includes(tool));
    const groups = new Map<string, { guards: string[]; tools: string[] }>();
    for (const tool of tools) {
      const guards = readers(tool);
      if (guards.length)
        (
          groups.get(guards.join(',')) ?? groups.set(guards.join(','), { guards, tools: [] }).get(guards.join(','))!
        ).tools.push(tool);
    }
    // A client without matchers (Copilot CLI) or with the tool in the event's name (Cursor): one entry for them all.
    const matched = style !== 'none' && style !== 'split';
    const sets = matched
      ? [...groups.values()]
      : [{ guards: names.filter((name) => tools.some((tool) => readers(tool).includes(name))), tools }];
    for (const { guards, tools: own } of sets) {
      if (guards.length === 0) continue;
      const command = guardsCommand(guards);
      const matcher =
        known && matched ? encodeMatcher(dialectOf(client.id), [...own], 'guards', client.name).matcher : undefined;
      adds.push({
        example: guards.join(','),
        command,
        timeout: inUnit(client, timeoutSec),
        events: [event],
        entry: {
          bridge: syncCommand(command, { client: client.id, event, timeoutSec, warm: true, bridgeOptions }),
          ...(matcher !== undefined && { matcher }),
        },
      });
    }
  }
  return adds;
}
