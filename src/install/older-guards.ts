// Guard entries an earlier install wrote to run `hookd guard NAME` (issue 31), one guard's file, or a
// Node and package that have moved since, brought to the command install writes now (examples.ts
// guardsCommand: this Node and guards.mjs, by absolute path, behind `hookd sync --warm`). The oldest
// command needs hookd on the client's PATH in the fallback too, where hookd is exactly what is
// missing: the guard failed open there; a moved one does not start at all. Only entries install's
// record says it added as a guard are changed; one the user wrote is theirs.
import type { ClassifiedCommand } from '../settings/classify-command.js';
import { fallbackSplits, withFallback } from '../settings/fallback-entry.js';
import { EXAMPLES, guardsCommand, olderGuardCommand } from './examples.js';
import { SYNC_OPTIONS } from '../clients/bridge-options.js';
import type { FileRecord } from './manifest.js';
import { shellQuote } from '../common/shell-word.js';

/** The entry `command` (a guard entry install added, in `guardEntries`) becomes, or undefined when it is not an older one. */
export function upgradedGuardEntry(
  command: string,
  classified: ClassifiedCommand,
  guardEntries: readonly string[] | undefined,
): string | undefined {
  if (classified.kind !== 'sync' || !guardEntries?.includes(command)) return undefined;
  const names = olderGuardCommand(classified.inner);
  if (names === undefined) return undefined;
  const bridgeLine = classified.fallback
    ? fallbackSplits(command).find((split) => split.fallback === classified.inner)?.bridgeLine
    : command.trim();
  const tail = `-- ${shellQuote(classified.inner)}`;
  if (!bridgeLine?.endsWith(tail)) return undefined;
  const run = guardsCommand(names);
  // An older entry ran its guard cold (--canonical): it now asks the daemon's warm handler first.
  const options = bridgeLine
    .slice(0, -tail.length)
    .replace(` ${SYNC_OPTIONS.canonical.flag} `, ` ${SYNC_OPTIONS.warm.flag} `);
  return withFallback(`${options}-- ${shellQuote(run)}`, run);
}

/** The guard entries install's record of a file holds: those it added, and what a later install upgraded them to. */
export function guardEntriesOf(record: FileRecord): string[] {
  // The guards go in together, as one example `no-rm-rf,no-force-push`.
  const isGuards = (example: string) => example.split(',').every((name) => EXAMPLES[name]?.guard);
  const entries = record.adds.filter((add) => isGuards(add.example)).map((add) => add.command);
  for (let step = 0; step < record.wraps.length; step++) {
    const next = record.wraps.filter((wrap) => entries.includes(wrap.original) && !entries.includes(wrap.wrapped));
    if (next.length === 0) break;
    entries.push(...next.map((wrap) => wrap.wrapped));
  }
  return entries;
}
