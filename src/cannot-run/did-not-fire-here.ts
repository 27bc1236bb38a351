// The hooks that did not fire where their siblings did (history/did-not-fire.ts), over the
// history of a state directory and the hook files of this machine, each with its likeliest cause
// from the "cannot run" list: what doctor, status, the page and the hookd_hooks_did_not_fire
// gauge show.
import { statSync } from 'node:fs';
import path from 'node:path';
import { newestFirst } from '../history/history-file.js';
import type { HistoryEntry } from '../history/history-entry.js';
import { hooksThatDidNotFire, type UnfiredHook } from '../history/did-not-fire.js';
import { runsBy } from '../settings/daemon-hooks.js';
import type { SourceResult } from '../settings/load-sources.js';
import { contextHere, hooksThatCannotRun, loadedHere, type CannotRunContext } from './cannot-run.js';

const changedAt = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

// The newest runs looked at: GET /status and each metrics scrape ask, and a hook that has not
// fired lately is what matters; the whole history (up to its rotation) would cost a read of
// megabytes each time.
const RECENT_RUNS = 5000;

function recentRuns(stateDir: string): HistoryEntry[] {
  const runs: HistoryEntry[] = [];
  for (const entry of newestFirst(path.join(stateDir, 'history.jsonl'))) {
    runs.push(entry);
    if (runs.length >= RECENT_RUNS) break;
  }
  return runs;
}

/** The hooks of `loaded` that did not fire in the sessions of the history in `stateDir`. */
export async function hooksThatDidNotFireIn(stateDir: string, loaded: readonly SourceResult[], context: CannotRunContext): Promise<UnfiredHook[]> {
  const configured = loaded.flatMap(({ result, ignored }) => (result.ok && !ignored ? result.config.entries : [])).filter((entry) => runsBy(entry, 'record'));
  if (configured.length < 2) return [];
  const causes = new Map((await hooksThatCannotRun(loaded, context)).map((row) => [`${row.file}\0${row.location}`, `${row.why} → ${row.fix}`]));
  const otherwise = (client: string, event: string) => `nothing in ${client}'s files says why: try it with hookd run --client ${client} ${event}, and check that no other file of the client replaces this event`;
  let history;
  try {
    history = recentRuns(stateDir);
  } catch {
    return []; // no history yet: nothing has fired, so nothing is missing
  }
  return hooksThatDidNotFire(history, configured, changedAt, (entry) => causes.get(`${entry.file}\0${entry.location}`) ?? otherwise(entry.client.id, entry.event));
}

/** The same over the hook files of this machine (cannot-run.ts loadedHere). */
export async function hooksThatDidNotFireHere(stateDir: string, context = contextHere()): Promise<UnfiredHook[]> {
  return hooksThatDidNotFireIn(stateDir, await loadedHere(context), context);
}
