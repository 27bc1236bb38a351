// A tool event in a client whose tool is in the event's name (spec events.md §4, blocking-matrix.md
// §3: Cursor's beforeShellExecution, beforeReadFile, afterFileEdit…), driven by the dialect's `split`
// table (clients/dialect.ts): a tool event and its matcher become one or more of the client's
// events; tools with no event of their own go on its "other tools" event with a matcher. A "before"
// that only exists as an "after" (Cursor's file edits) is a timing shift the report says loudly:
// such a hook watches the write, it cannot stop it.
import { encodePiece, joinPieces, type Piece } from './encode-matcher.js';
import type { Dialect } from './vocabulary.js';
import type { HifMatcher, HifSingleMatcher } from './manifest-schema.js';

/** One event a canonical hook lands on, with its entry's matcher if any. */
export interface SplitTarget {
  event: string;
  matcher?: string;
}

/** The events of `dialect` (`name` the client's) a hook of tool event `event` (before or after) with `matcher` goes on. */
export function splitTargets(
  dialect: Dialect,
  name: string,
  event: 'before_tool_execute' | 'after_tool_execute',
  matcher: HifMatcher | undefined,
  label: string,
  notes: string[],
): SplitTarget[] {
  const split = dialect.split!;
  const when = event === 'before_tool_execute' ? 'before' : 'after';
  if (matcher === undefined) {
    const covers = split.everyToolCovers?.[when];
    if (covers)
      notes.push(
        `${label}: ${event} for every tool goes on ${name}'s ${split.everyTool[when].join(', ')}: ${name} runs it ${when} ${covers} only, not ${when} other tools`,
      );
    return split.everyTool[when].map((one) => ({ event: one }));
  }
  const afterEvents = dialect.events.after_tool_execute ?? [];
  const byEvent = new Map<string, Piece[]>();
  const add = (one: string, piece?: Piece) =>
    byEvent.set(one, [...(byEvent.get(one) ?? []), ...(piece ? [piece] : [])]);
  for (const single of Array.isArray(matcher) ? matcher : [matcher]) {
    const own = typeof single === 'string' ? split.tools[when][single as keyof typeof split.tools.before] : undefined;
    if (own) {
      if (when === 'before' && afterEvents.includes(own)) {
        notes.push(
          `TIMING SHIFT: ${label}: "${single}" maps to ${name}'s ${own}: ${name} has no event before a file write, so this hook runs AFTER the write and cannot prevent it`,
        );
      }
      add(own);
      continue;
    }
    if (typeof single === 'object' && 'mcp' in single && split.mcp) {
      add(split.mcp[when], encodePiece(dialect, single, label, name, notes));
      continue;
    }
    if (!split.otherTools) {
      notes.push(`${label}: ${name} has no event for ${JSON.stringify(single)}: left out of the matcher`);
      continue;
    }
    const piece = encodePiece(dialect, single as HifSingleMatcher, label, name, notes);
    if (piece) add(split.otherTools[when], piece);
  }
  if (byEvent.size > 1)
    notes.push(`${label}: the matcher's tools split into separate ${name} events: ${[...byEvent.keys()].join(', ')}`);
  return [...byEvent].map(([one, pieces]) => ({
    event: one,
    ...(pieces.length ? { matcher: joinPieces(pieces, 'names') } : {}),
  }));
}

/** The canonical event and tool of an entry of `dialect` on `event` with `matcher` (export), if `event` is a split one. */
export function fromSplit(
  dialect: Dialect,
  event: string,
  matcher: string | undefined,
): { event: string; tool?: string; mcp?: string } | undefined {
  const split = dialect.split;
  if (!split) return undefined;
  const afterEvents = dialect.events.after_tool_execute ?? [];
  const before = Object.entries(split.tools.before).find(([, one]) => one === event && !afterEvents.includes(one));
  if (before) return { event: 'before_tool_execute', tool: before[0] };
  const after = Object.entries(split.tools.after).find(([, one]) => one === event);
  if (after) return { event: 'after_tool_execute', tool: after[0] };
  for (const when of ['before', 'after'] as const) {
    const canonical = `${when}_tool_execute`;
    if (split.mcp?.[when] === event) return { event: canonical, ...(matcher ? { mcp: matcher } : {}) };
    if (split.otherTools?.[when] === event) return { event: canonical };
  }
  return undefined;
}

/** Each event of `dialect` that names its tool, with the tool (the first named for it), "after" events as the after table reads them. */
export function eventTools(dialect: Dialect): [string, string][] {
  const split = dialect.split;
  if (!split) return [];
  const afterEvents = dialect.events.after_tool_execute ?? [];
  const pairs = [
    ...Object.entries(split.tools.before).filter(([, event]) => !afterEvents.includes(event!)),
    ...Object.entries(split.tools.after),
  ].map(([tool, event]) => [event!, tool] as [string, string]);
  const first = pairs.filter(([event], at) => pairs.findIndex(([other]) => other === event) === at);
  return [...first, ...Object.entries(split.otherEventTools ?? {})];
}
