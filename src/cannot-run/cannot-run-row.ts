// One "cannot run" row of a hook entry: the entry's facts, the reason, and the words for it.
import type { HookEntry } from '../settings/config.js';
import type { CannotRun } from './cannot-run.js';

/** The row saying `entry` will not run, for `reason`, with why and the fix. */
export function cannotRunRow(entry: HookEntry, reason: CannotRun['reason'], why: string, fix: string): CannotRun {
  return {
    client: entry.client.id,
    event: entry.event,
    file: entry.file,
    location: entry.location,
    command: entry.command,
    reason,
    why,
    fix,
  };
}
