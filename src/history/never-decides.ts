// Which hooks the client waits on never decide anything (issue 19, item 8): a Stop hook that only
// sends a notification still holds the agent behind the synchronous bridge. Learnt from the
// history's in-line runs: a command whose recorded runs are many enough, every one `ok` with exit 0
// and nothing the client acts on (`decided: false`), cost the agent their time for nothing, and
// `hookd install --async CMD` would move it behind the asynchronous bridge. hookd only says so: it
// never moves a hook on its own. `hookd doctor` and `hookd status` both ask this module.
import path from 'node:path';
import { newestFirst } from './history-file.js';
import { inLine } from './history-entry.js';
import type { HistoryEntry } from '../runs/history-line.js';

/** How many in-line runs a command needs before its silence counts as a pattern. */
export const NEVER_DECIDES_MIN_RUNS = 20;

/** A command the client waited on whose every recorded run decided nothing. */
export interface SilentHook {
  command: string;
  /** The events it ran for, and the clients that ran it, as recorded. */
  events: string[];
  clients: string[];
  runs: number;
  /** The agent's time its runs took, in all (the sum of their durations). */
  agentMs: number;
}

interface Tally {
  events: Set<string>;
  clients: Set<string>;
  runs: number;
  agentMs: number;
  spoke: boolean;
}

// An in-line run that neither decided nor failed: ran, exit 0, nothing the client acts on. A run
// whose decision is unknown (decided null: hookd held only the head of its answer) is not silent,
// nor one recorded as deciding nothing from a cut output by a hookd before issue 29: the client
// read the whole answer, which may have denied every time, and moving such a gate behind
// `hookd emit` would remove it. (Such a line says only that some output was cut, stdout or
// stderr: the advice errs towards silence.)
const silent = (entry: HistoryEntry) =>
  entry.decided === false && entry.truncated !== true && entry.outcome === 'ok' && entry.exitCode === 0;

/** The commands of `entries` with at least `minRuns` in-line runs, every one silent; the costliest first. */
export function neverDecides(entries: Iterable<HistoryEntry>, minRuns = NEVER_DECIDES_MIN_RUNS): SilentHook[] {
  const tallies = new Map<string, Tally>();
  for (const entry of entries) {
    if (!inLine(entry) || entry.probe) continue;
    const tally = tallies.get(entry.command) ?? {
      events: new Set(),
      clients: new Set(),
      runs: 0,
      agentMs: 0,
      spoke: false,
    };
    tallies.set(entry.command, tally);
    tally.runs += 1;
    tally.agentMs += entry.durationMs ?? 0;
    tally.events.add(entry.event);
    if (entry.client) tally.clients.add(entry.client);
    // One decision, failure or timeout is enough: the hook matters, or something is wrong with it.
    if (!silent(entry)) tally.spoke = true;
  }
  return [...tallies]
    .filter(([, tally]) => !tally.spoke && tally.runs >= minRuns)
    .map(([command, tally]) => ({
      command,
      events: [...tally.events].sort(),
      clients: [...tally.clients].sort(),
      runs: tally.runs,
      agentMs: tally.agentMs,
    }))
    .sort((a, b) => b.agentMs - a.agentMs);
}

/** The silent hooks of the history in `stateDir` (history.jsonl and its rotated file). */
export function neverDecidingHooks(stateDir: string, minRuns = NEVER_DECIDES_MIN_RUNS): SilentHook[] {
  return neverDecides(
    newestFirst(path.join(stateDir, 'history.jsonl'), (line) => line.includes('"bridge":"sync"')),
    minRuns,
  );
}
