// The daemon's list of sessions, kept between asks and brought up to date from the lines appended
// since (history-tail.ts): reading the whole history on each GET /sessions held the daemon's one
// thread for 130 to 380 ms here, delaying every hook behind it.
import type { HistoryEntry } from '../runs/history-line.js';
import { HistoryTail } from './history-tail.js';
import { addTo, inSession, newestSessions, type SessionSummary } from './sessions.js';

/** The sessions of one history file (history.jsonl and its rotated part), brought up to date on each ask. */
export class SessionIndex {
  private sessions = new Map<string, SessionSummary>();
  private readonly tail: HistoryTail;

  constructor(file: string) {
    this.tail = new HistoryTail(file, { reset: () => (this.sessions = new Map()), add: (entry) => this.add(entry) });
  }

  /** The most recently active sessions, at most `limit`. */
  list(limit: number): SessionSummary[] {
    this.tail.catchUp();
    return newestSessions(this.sessions.values(), limit);
  }

  private add(entry: HistoryEntry): void {
    if (inSession(entry)) this.sessions.set(entry.session, addTo(this.sessions.get(entry.session), entry));
  }
}
