// The daemon's two lists about its hooks (will not run, did not fire), kept between asks (issue 40,
// item 5). GET /status, the page (every 5 s and after each run, in every tab) and each metrics
// scrape ask for them, and reading them reads every client's files, looks each hook's program up
// on the PATH, lists the clients' session records and reads the history: up to seconds of the
// daemon's one thread per ask, before. Now an ask costs a stat of each path the last reading
// looked at, and only what changed is read again, before the answer (a change shows at once):
// - a hook file, a client file a check read, a program, a script or a folder of the PATH: the files
//   and both lists;
// - a folder of session records, or a recorded session old enough to count now (SETTLED_MS after
//   its record last changed): the records, and "did not fire";
// - the history: the lines appended since (history-tail.ts), and "did not fire".
// What no stamp shows (a record appended to, a plugin installed deep in its folder, a file a check
// reads past ClientFiles) is read again once the reading is REREAD_MS old, in the background: that
// ask, and those until the reading ends, get the kept lists.
import path from 'node:path';
import type { Logger } from '../common/logger.js';
import { FileStamps } from '../common/file-stamps.js';
import { recordedSessions, type RecordedSession } from '../clients/session-records.js';
import type { HookSource } from '../clients/hook-source.js';
import type { SourceResult } from '../settings/load-sources.js';
import { SETTLED_MS, type RunSeen } from '../history/did-not-fire.js';
import { HistoryTail } from '../history/history-tail.js';
import type { HistoryEntry } from '../runs/history-line.js';
import { ClientFiles } from './client-files.js';
import {
  contextHere,
  hooksThatCannotRun,
  loadedHere,
  oneFileGiven,
  type CannotRun,
  type CannotRunContext,
} from './cannot-run.js';
import { hooksThatDidNotFireIn, RECENT_RUNS, type HookReport } from './did-not-fire-here.js';

const REREAD_MS = 60_000;

// What "will not run" was read from, and the list.
interface FilesRead {
  /** The followed files' names the reading was asked for: the daemon may follow others later. */
  key: string;
  loaded: SourceResult[];
  cannotRun: CannotRun[];
  stamps: FileStamps;
}

// The sessions the clients recorded, and the folders they were listed from.
interface SessionsRead {
  sessions: RecordedSession[];
  stamps: FileStamps;
  /** When a recorded session too young to count becomes old enough (Infinity: none). */
  settlesAt: number;
}

type Part = 'files' | 'sessions' | 'runs';

const keyOf = (sources: readonly HookSource[]) => sources.map((source) => source.file).join('\n');

async function readFiles(context: CannotRunContext): Promise<FilesRead> {
  const files = new ClientFiles();
  // The PATH the checks look programs up on: a program installed into any of its folders is seen.
  for (const dir of (context.pathVar ?? '').split(path.delimiter)) files.lookedAt(path.resolve(dir || '.'));
  const loaded = await loadedHere(context, files);
  const cannotRun = await hooksThatCannotRun(loaded, context, files);
  return { key: keyOf(context.sources ?? []), loaded, cannotRun, stamps: files.stamps };
}

async function readSessions(context: CannotRunContext): Promise<SessionsRead> {
  const stamps = new FileStamps();
  const sessions = oneFileGiven(context) ? [] : await recordedSessions(context.home, (dir) => stamps.note(dir));
  // A session counts once Date.now() is past its record's change (fractional ms) by SETTLED_MS.
  const now = Date.now();
  const settlesAt = sessions
    .map((session) => Math.floor(session.at + SETTLED_MS) + 1)
    .reduce((soonest, at) => (at > now ? Math.min(soonest, at) : soonest), Infinity);
  return { sessions, stamps, settlesAt };
}

// The newest runs of the history, as it grows; only what the lists read of each is kept.
class RecentRuns {
  private runs: RunSeen[] = [];
  reset(): void {
    this.runs = [];
  }
  add({ probe, client, session, event, command, time }: HistoryEntry): void {
    this.runs.push({ probe, client, session, event, command, time });
    if (this.runs.length >= 2 * RECENT_RUNS) this.runs = this.runs.slice(-RECENT_RUNS);
  }
  list(): RunSeen[] {
    return this.runs.slice(-RECENT_RUNS);
  }
}

/** The daemon's report over the files it follows (`sources`), read again only where what it was read from changed. */
export function keptHookReport(
  stateDir: string,
  sources: () => readonly HookSource[],
  logger: Logger,
): () => Promise<HookReport> {
  const recent = new RecentRuns();
  const history = new HistoryTail(path.join(stateDir, 'history.jsonl'), recent);
  let kept: { files: FilesRead; sessions: SessionsRead; report: HookReport; readAt: number } | undefined;
  // Runs were appended since the kept "did not fire" was worked out.
  let runsChanged = false;
  let underWay: Promise<void> | undefined;

  // What to read again for the kept report to be current, and why; `wait`: before the answer.
  const staleness = (): { parts: Part[]; why: string; wait: boolean } | undefined => {
    if (!kept) return { parts: ['files', 'sessions', 'runs'], why: 'first ask', wait: true };
    const changed = kept.files.key !== keyOf(sources()) ? 'the followed files' : kept.files.stamps.changed();
    if (changed) return { parts: ['files'], why: `${changed} changed`, wait: true };
    const folder = kept.sessions.stamps.changed();
    if (folder) return { parts: ['sessions'], why: `${folder} changed`, wait: true };
    if (Date.now() >= kept.sessions.settlesAt)
      return { parts: ['sessions'], why: 'a recorded session is old enough to count', wait: true };
    if (history.catchUp()) runsChanged = true;
    if (runsChanged) return { parts: ['runs'], why: `${history.file} changed`, wait: true };
    if (Date.now() >= kept.readAt + REREAD_MS)
      return { parts: ['files', 'sessions'], why: `read ${REREAD_MS / 1000} s ago`, wait: false };
    return undefined;
  };

  // One reading at a time: asks that come while it runs share it.
  const read = (parts: Part[], why: string): Promise<void> =>
    (underWay ??= (async () => {
      logger.debug({ parts, why }, 'reading the hooks of status again');
      const context = { ...contextHere(), sources: sources() };
      const before = kept;
      history.catchUp();
      runsChanged = false;
      const files = !before || parts.includes('files') ? await readFiles(context) : before.files;
      const sessions = !before || parts.includes('sessions') ? await readSessions(context) : before.sessions;
      const didNotFire = await hooksThatDidNotFireIn(stateDir, files.loaded, context, {
        cannotRun: files.cannotRun,
        sessions: sessions.sessions,
        history: recent.list(),
      });
      const whole = parts.includes('files') && parts.includes('sessions');
      kept = {
        files,
        sessions,
        report: { cannotRun: files.cannotRun, didNotFire },
        readAt: whole || !before ? Date.now() : before.readAt,
      };
    })()
      // A reading that failed is not built on: the next ask reads everything.
      .catch((error: unknown) => {
        kept = undefined;
        throw error;
      })
      .finally(() => (underWay = undefined)));

  return async () => {
    // A reading that started before a change does not show it: check again after it, a few times at most.
    for (let round = 0; round < 3; round += 1) {
      const stale = staleness();
      if (kept && !stale?.wait) {
        if (stale && !underWay)
          read(stale.parts, stale.why).catch((error: unknown) =>
            logger.warn({ err: error }, 'reading the hooks of status failed'),
          );
        return kept.report;
      }
      await read(stale!.parts, stale!.why);
    }
    return kept!.report;
  };
}
