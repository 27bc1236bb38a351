// The daemon's two lists about its hooks (will not run, did not fire), kept between asks (issue 40,
// item 5). GET /status, the page (every 5 s and after each run, in every tab) and each metrics
// scrape ask for them, and reading them reads every client's files, looks each hook's program up
// on the PATH, and reads the history and the clients' session records: up to seconds of the
// daemon's one thread, per ask, before. Now an ask costs a stat of each path the last reading
// looked at, and the lists are read again only when one of them changed:
// - a hook file, a client file a check read, a program, a script or a folder of the PATH: both lists
//   again, before answering (a file edited shows at the next status);
// - the history, or a folder of session records: only "did not fire", before answering;
// - a recorded session becomes old enough to count (SETTLED_MS after its record last changed):
//   "did not fire", before answering;
// - what no stamp shows (a record appended to, a plugin installed deep in its folder, a file a check
//   reads past ClientFiles) is read again once the lists are REREAD_MS old, in the background: that
//   ask, and those until the reading ends, get the kept lists.
import path from 'node:path';
import type { Logger } from '../common/logger.js';
import { FileStamps } from '../common/file-stamps.js';
import { recordedSessions } from '../clients/session-records.js';
import type { HookSource } from '../clients/hook-source.js';
import type { SourceResult } from '../settings/load-sources.js';
import { SETTLED_MS } from '../history/did-not-fire.js';
import { ClientFiles } from './client-files.js';
import { contextHere, hooksThatCannotRun, loadedHere, oneFileGiven, type CannotRunContext } from './cannot-run.js';
import { hooksThatDidNotFireIn, type HookReport } from './did-not-fire-here.js';

const REREAD_MS = 60_000;

// One reading: the lists, and what each was read from.
interface Reading {
  /** The followed files' names the reading was asked for: the daemon may follow others later. */
  key: string;
  loaded: SourceResult[];
  report: HookReport;
  /** What "will not run" was read from (the hook files, the clients' files, the programs, the PATH). */
  files: FileStamps;
  /** What "did not fire" was read from besides those: the history and the session records' folders. */
  runs: FileStamps;
  /** When a recorded session too young to count becomes old enough (Infinity: none). */
  settlesAt: number;
  readAt: number;
}

type Part = 'all' | 'runs';

const keyOf = (sources: readonly HookSource[]) => sources.map((source) => source.file).join('\n');

// "Did not fire" over the reading's hook files and "will not run" list.
async function readRuns(stateDir: string, context: CannotRunContext, from: Omit<Reading, 'runs' | 'settlesAt'>) {
  const runs = new FileStamps();
  const history = path.join(stateDir, 'history.jsonl');
  runs.note(history);
  runs.note(`${history}.1`);
  const sessions = oneFileGiven(context) ? [] : await recordedSessions(context.home, (dir) => runs.note(dir));
  const didNotFire = await hooksThatDidNotFireIn(stateDir, from.loaded, context, {
    cannotRun: from.report.cannotRun,
    sessions,
  });
  const now = Date.now();
  const young = sessions.map((session) => session.at + SETTLED_MS).filter((at) => at > now);
  return {
    report: { cannotRun: from.report.cannotRun, didNotFire },
    runs,
    settlesAt: young.reduce((soonest, at) => Math.min(soonest, at), Infinity),
  };
}

async function readAll(stateDir: string, context: CannotRunContext): Promise<Reading> {
  const files = new ClientFiles();
  // The PATH the checks look programs up on: a program installed into any of its folders is seen.
  for (const dir of (context.pathVar ?? '').split(path.delimiter)) files.lookedAt(path.resolve(dir || '.'));
  const loaded = await loadedHere(context, files);
  const cannotRun = await hooksThatCannotRun(loaded, context, files);
  const base = {
    key: keyOf(context.sources ?? []),
    loaded,
    report: { cannotRun, didNotFire: [] },
    files: files.stamps,
    readAt: Date.now(),
  };
  return { ...base, ...(await readRuns(stateDir, context, base)) };
}

// What to read again for `reading` to be current, and whether the ask waits for it.
function staleness(
  reading: Reading,
  sources: readonly HookSource[],
): { part: Part; why: string; wait: boolean } | undefined {
  if (reading.key !== keyOf(sources)) return { part: 'all', why: 'the daemon follows other files', wait: true };
  const file = reading.files.changed();
  if (file) return { part: 'all', why: `${file} changed`, wait: true };
  const run = reading.runs.changed();
  if (run) return { part: 'runs', why: `${run} changed`, wait: true };
  const now = Date.now();
  if (now >= reading.settlesAt) return { part: 'runs', why: 'a recorded session is old enough to count', wait: true };
  if (now >= reading.readAt + REREAD_MS) return { part: 'all', why: `read ${REREAD_MS / 1000} s ago`, wait: false };
  return undefined;
}

/** The daemon's report over the files it follows (`sources`), read again only when what it was read from changed. */
export function keptHookReport(
  stateDir: string,
  sources: () => readonly HookSource[],
  logger: Logger,
): () => Promise<HookReport> {
  let kept: Reading | undefined;
  let underWay: Promise<void> | undefined;
  // One reading at a time: asks that come while it runs share it.
  const read = (part: Part, why: string): Promise<void> =>
    (underWay ??= (async () => {
      logger.debug({ part, why }, 'reading the hooks of status again');
      const context = { ...contextHere(), sources: sources() };
      const from = kept;
      kept =
        part === 'runs' && from
          ? { ...from, ...(await readRuns(stateDir, context, from)) }
          : await readAll(stateDir, context);
    })().finally(() => (underWay = undefined)));
  return async () => {
    // A reading that started before a change does not show it: check again after it, a few times at most.
    for (let round = 0; round < 3; round += 1) {
      const stale = kept ? staleness(kept, sources()) : { part: 'all' as const, why: 'first ask', wait: true };
      if (kept && !stale?.wait) {
        if (stale && !underWay)
          read(stale.part, stale.why).catch((error: unknown) =>
            logger.warn({ err: error }, 'reading the hooks of status failed'),
          );
        return kept.report;
      }
      await read(stale!.part, stale!.why);
    }
    return kept!.report;
  };
}
