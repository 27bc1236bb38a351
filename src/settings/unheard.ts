// Claude Code runs an `async: true` hook in the background and reads nothing of it, unless it is
// also `asyncRewake: true`: then an exit 2 wakes the agent with the hook's stderr, so the hook
// still decides and must keep its exit code (behind hookd sync, never hookd emit).
import type { JsonObject } from './hook-map.js';

/** Whether the client reads nothing of `hook`'s answer because it runs it in the background. */
export const runsUnheard = (hook: JsonObject): boolean => hook.async === true && hook.asyncRewake !== true;
