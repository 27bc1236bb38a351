// Guard entries an earlier install wrote to run `hookd guard NAME` (issue 31), or a Node and guard
// file that have moved since, brought to the command install writes now (examples.ts guardCommand:
// this Node and the guard's file, by absolute path). The older command needs hookd on the client's
// PATH in the fallback too, where hookd is exactly what is missing: the guard failed open there; a
// moved one does not start at all. Only entries install's record says it added as a guard are
// changed; one the user wrote is theirs.
import type { ClassifiedCommand } from '../settings/classify-command.js';
import { fallbackSplits, withFallback } from '../settings/fallback-entry.js';
import { EXAMPLES, guardCommand, olderGuardCommand } from './examples.js';
import type { FileRecord } from './manifest.js';
import { shellQuote } from '../common/shell-word.js';

/** The entry `command` (a guard entry install added, in `guardEntries`) becomes, or undefined when it is not an older one. */
export function upgradedGuardEntry(
  command: string,
  classified: ClassifiedCommand,
  guardEntries: readonly string[] | undefined,
): string | undefined {
  if (classified.kind !== 'sync' || !guardEntries?.includes(command)) return undefined;
  const name = olderGuardCommand(classified.inner);
  if (name === undefined) return undefined;
  const bridgeLine = classified.fallback
    ? fallbackSplits(command).find((split) => split.fallback === classified.inner)?.bridgeLine
    : command.trim();
  const tail = `-- ${shellQuote(classified.inner)}`;
  if (!bridgeLine?.endsWith(tail)) return undefined;
  const run = guardCommand(name);
  return withFallback(`${bridgeLine.slice(0, -tail.length)}-- ${shellQuote(run)}`, run);
}

/** The guard entries install's record of a file holds: those it added, and what a later install upgraded them to. */
export function guardEntriesOf(record: FileRecord): string[] {
  const entries = record.adds.filter((add) => EXAMPLES[add.example]?.guard).map((add) => add.command);
  for (let step = 0; step < record.wraps.length; step++) {
    const next = record.wraps.filter((wrap) => entries.includes(wrap.original) && !entries.includes(wrap.wrapped));
    if (next.length === 0) break;
    entries.push(...next.map((wrap) => wrap.wrapped));
  }
  return entries;
}
