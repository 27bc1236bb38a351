// The hooks that did not fire where their siblings did, or in sessions the client recorded
// (history/did-not-fire.ts), over the history of a state directory, the hook files and the
// clients' session records of this machine, each with its likeliest cause
// from the "cannot run" list: what doctor, status, the page and the hookd_hooks_did_not_fire
// gauge show.
import { statSync } from 'node:fs';
import path from 'node:path';
import { newestFirst } from '../history/history-file.js';
import type { HistoryEntry } from '../runs/history-line.js';
import {
  hooksSilentInRecordedSessions,
  hooksThatDidNotFire,
  type ClientSession,
  type RunSeen,
  type UnfiredHook,
} from '../history/did-not-fire.js';
import { recordedSessions } from '../clients/session-records.js';
import { runsBy } from '../settings/daemon-hooks.js';
import type { SourceResult } from '../settings/load-sources.js';
import type { HookEntry } from '../settings/config.js';
import { hooksThatCannotRun, oneFileGiven, type CannotRun, type CannotRunContext } from './cannot-run.js';

const changedAt = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;

// The newest runs looked at: a hook that has not fired lately is what matters. doctor reads them
// once; the daemon keeps them as the history grows (kept-hook-report.ts).
export const RECENT_RUNS = 5000;

function recentRuns(stateDir: string): HistoryEntry[] {
  const runs: HistoryEntry[] = [];
  for (const entry of newestFirst(path.join(stateDir, 'history.jsonl'))) {
    runs.push(entry);
    if (runs.length >= RECENT_RUNS) break;
  }
  return runs;
}

/** What the list is read from besides the hook files and the history, when the caller has read it already. */
export interface ReadAlready {
  cannotRun?: readonly CannotRun[];
  /** The sessions the clients recorded (clients/session-records.ts). */
  sessions?: readonly ClientSession[];
  /** The newest runs of the history (at most RECENT_RUNS). */
  history?: readonly RunSeen[];
}

/** The hooks of `loaded` that did not fire in the sessions of the history in `stateDir`, or in the sessions the clients recorded. */
export async function hooksThatDidNotFireIn(
  stateDir: string,
  loaded: readonly SourceResult[],
  context: CannotRunContext,
  already: ReadAlready = {},
): Promise<UnfiredHook[]> {
  const configured = loaded
    .flatMap(({ result, ignored }) => (result.ok && !ignored ? result.config.entries : []))
    .filter((entry) => runsBy(entry, 'record'));
  if (configured.length === 0) return [];
  const causes = new Map(
    (already.cannotRun ?? (await hooksThatCannotRun(loaded, context))).map((row) => [
      `${row.file}\0${row.location}`,
      `${row.why} → ${row.fix}`,
    ]),
  );
  const known = (entry: HookEntry) => causes.get(`${entry.file}\0${entry.location}`);
  let history = already.history;
  try {
    history ??= recentRuns(stateDir);
  } catch {
    history = []; // no history yet
  }
  const siblings = hooksThatDidNotFire(
    history,
    configured,
    changedAt,
    (entry) =>
      known(entry) ??
      `nothing in ${entry.client.id}'s files says why: try it with hookd run --client ${entry.client.id} ${entry.event}, and check that no other file of the client replaces this event`,
  );
  const recorded = hooksSilentInRecordedSessions(
    history,
    oneFileGiven(context) ? [] : (already.sessions ?? (await recordedSessions(context.home))),
    configured,
    changedAt,
    (entry) =>
      known(entry) ??
      `no hook of ${entry.client.name} reached hookd in these sessions: the client may not find hookd on its PATH (hookd doctor: clients reach hookd), or its bridge stores events in another state directory`,
  );
  return mergeSessions([...siblings, ...recorded]);
}

// One row per hook: a hook missed both beside its siblings and in recorded sessions is said once.
function mergeSessions(rows: readonly UnfiredHook[]): UnfiredHook[] {
  const byHook = new Map<string, UnfiredHook>();
  for (const row of rows) {
    const key = `${row.file}\0${row.location}`;
    const same = byHook.get(key);
    if (same) {
      same.sessions = [...new Set([...same.sessions, ...row.sessions])];
      same.evidence = [...new Set([...same.evidence, ...row.evidence])];
    } else byHook.set(key, { ...row, sessions: [...row.sessions], evidence: [...row.evidence] });
  }
  return [...byHook.values()];
}

/** Both lists, as GET /status and the gauges give them. */
export interface HookReport {
  cannotRun: CannotRun[];
  didNotFire: UnfiredHook[];
}
