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
    // The user's own command, not the bridge's line that wraps it: the one they wrote and will look for.
    command: entry.run,
    reason,
    why,
    fix,
  };
}
