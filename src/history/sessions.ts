// An agent session as one picture (issue 25): the history's runs grouped by session, and one
// session's runs on one time axis. A run in line (the synchronous bridge) is time the agent waited:
// it goes on the agent's lane; a run the daemon made later ran beside the agent. Computed here
// once, for GET /sessions and GET /sessions/:id/runs (session-routes.ts), the live page and
// `hookd history --session S --timeline`, which reads the files itself when no daemon answers (the
// daemon keeps its list between asks: session-index.ts).
import { meaningOf } from '../runs/outcome.js';
import { inLine } from './history-entry.js';
import type { HistoryEntry } from '../runs/history-line.js';
import { summaryOf, type RunSummary } from './run-summary.js';
import { newestFirst } from './history-file.js';

/** Sessions a listing holds by default. */
export const DEFAULT_SESSIONS = 50;
/** Sessions a listing holds at most (GET /sessions?limit=). */
export const MAX_SESSIONS = 1000;
/** Runs of one session drawn at most: the newest are kept, and the answer says how many were left out. */
export const MAX_SESSION_RUNS = 5000;

/** One session, summed up. Times are ISO 8601, durations ms. */
export interface SessionSummary {
  id: string;
  /** The client of its newest run that names one. */
  client?: string;
  /** The project of its newest run that names one (payload/project-of.ts). */
  project?: string;
  /** When its first run started, and its last ended. */
  firstAt: string;
  lastAt: string;
  runs: number;
  /** Runs in line: the agent waited on each. */
  inLine: number;
  failed: number;
  /** The time the agent waited on hooks: the sum of the durations of the runs in line. */
  waitedMs: number;
}

/** Where a run goes on the picture: on the agent's lane (it waited) or beside it. */
export type Lane = 'agent' | 'beside';

/** One run of a session on its time axis: offsets in ms from the session's first start. */
export type SessionRun = RunSummary & {
  startedAt: string;
  endedAt: string;
  offsetMs: number;
  lengthMs: number;
  lane: Lane;
};

/** One session's runs, oldest first, and the span of the axis they lie on. */
export interface SessionRuns {
  session: SessionSummary;
  runs: SessionRun[];
  /** From the first start to the last end, ms. */
  spanMs: number;
  /** Older runs of the session not drawn (past MAX_SESSION_RUNS). */
  leftOut: number;
}

// The moments of a run: its hook's start and end, or (no hook ran: rejected, duplicate) its record time.
function momentsOf(entry: HistoryEntry): { start: number; end: number } {
  const end = Date.parse(entry.endedAt ?? entry.time);
  const start = entry.startedAt ? Date.parse(entry.startedAt) : end;
  return { start, end: Math.max(start, end) };
}

/** Add `entry` to the running `summary` of its session; entries may come in any order (the newest run's client and project win). */
export function addTo(summary: SessionSummary | undefined, entry: HistoryEntry): SessionSummary {
  const { start, end } = momentsOf(entry);
  const sum: SessionSummary = summary ?? {
    id: entry.session,
    firstAt: new Date(start).toISOString(),
    lastAt: new Date(end).toISOString(),
    runs: 0,
    inLine: 0,
    failed: 0,
    waitedMs: 0,
  };
  const newest = end >= Date.parse(sum.lastAt);
  sum.runs += 1;
  if (start < Date.parse(sum.firstAt)) sum.firstAt = new Date(start).toISOString();
  if (end > Date.parse(sum.lastAt)) sum.lastAt = new Date(end).toISOString();
  if (meaningOf(entry.outcome).failed) sum.failed += 1;
  if (inLine(entry)) {
    sum.inLine += 1;
    sum.waitedMs += entry.durationMs ?? end - start;
  }
  for (const field of ['client', 'project'] as const) {
    const value = entry[field];
    if (value !== undefined && (newest || sum[field] === undefined)) sum[field] = value;
  }
  return sum;
}

/** Whether `entry` belongs to an agent session (the doctor's probes and records that name none do not). */
export const inSession = (entry: HistoryEntry) => !entry.probe && entry.session !== '';

/** The most recently active of `sessions`, at most `limit`. */
export const newestSessions = (sessions: Iterable<SessionSummary>, limit: number) =>
  [...sessions].sort((a, b) => Date.parse(b.lastAt) - Date.parse(a.lastAt)).slice(0, limit);

/** The sessions of `newestFirst` (history entries, newest first), the most recently active first; at most `limit`. */
export function listSessions(newestFirst: Iterable<HistoryEntry>, limit = DEFAULT_SESSIONS): SessionSummary[] {
  const sessions = new Map<string, SessionSummary>();
  for (const entry of newestFirst)
    if (inSession(entry)) sessions.set(entry.session, addTo(sessions.get(entry.session), entry));
  return newestSessions(sessions.values(), limit);
}

/** A line filter for history-file.ts's readers: only the lines of session `id` are parsed. */
export const lineOfSession = (id: string) => (line: string) => line.includes(`"session":${JSON.stringify(id)}`);

/** Session `id`'s runs on one time axis (its newest MAX_SESSION_RUNS), or undefined when the history holds none of it. */
export function sessionRuns(
  newestFirst: Iterable<HistoryEntry>,
  id: string,
  max = MAX_SESSION_RUNS,
): SessionRuns | undefined {
  let summary: SessionSummary | undefined;
  const kept: HistoryEntry[] = [];
  for (const entry of newestFirst) {
    if (entry.session !== id || !inSession(entry)) continue;
    summary = addTo(summary, entry);
    if (kept.length < max) kept.push(entry);
  }
  if (!summary) return undefined;
  const moments = kept.map(momentsOf);
  const first = Math.min(...moments.map((moment) => moment.start));
  const last = Math.max(...moments.map((moment) => moment.end));
  const runs = kept.map((entry, i): SessionRun => {
    const { start, end } = moments[i] as { start: number; end: number };
    return {
      ...summaryOf(entry),
      startedAt: new Date(start).toISOString(),
      endedAt: new Date(end).toISOString(),
      offsetMs: start - first,
      lengthMs: end - start,
      lane: inLine(entry) ? 'agent' : 'beside',
    };
  });
  runs.sort((a, b) => a.offsetMs - b.offsetMs || a.lengthMs - b.lengthMs);
  return { session: summary, runs, spanMs: last - first, leftOut: summary.runs - kept.length };
}

/** The sessions of the history file `file` (history.jsonl and its rotated part), the most recently active first. */
export const sessionsIn = (file: string, limit = DEFAULT_SESSIONS) => listSessions(newestFirst(file), limit);

/** Session `id`'s runs in the history file `file`, only its own lines parsed. */
export const sessionRunsIn = (file: string, id: string) => sessionRuns(newestFirst(file, lineOfSession(id)), id);
