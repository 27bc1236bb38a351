// The live page's credentials. `hookd dashboard` gets a one-time ticket over the unix socket (only
// the user reaches it) and hands it to the browser in a private file, never on a command line;
// the page trades the ticket for a session id, once, keeps it in its origin's storage and sends
// it in a header with every request. Not a cookie: cookies ignore ports, so every loopback port
// (another user's page on 127.0.0.1:14799) received one (issue 21). All of it lives in the
// daemon's memory, bounded: a restart signs every page out.
import { randomBytes } from 'node:crypto';

/** How long a ticket may wait to be opened. */
export const TICKET_MS = 2 * 60_000;
/** How long a session lasts. */
export const SESSION_MS = 12 * 60 * 60_000;
/** Run streams one session may hold open: the page keeps one for all its tabs (a few while reconnecting). */
export const STREAMS_PER_SESSION = 8;
// Bounds: tickets asked for and never opened, sessions of pages long closed.
const MAX_TICKETS = 64;
const MAX_SESSIONS = 256;

/** A signed-in page. */
export interface Session {
  expires: number;
  /** Its run streams open now. */
  streams: number;
}

const secret = () => randomBytes(24).toString('base64url');

// A Map keeps insertion order: the first key is the oldest, dropped when the map is full.
function boundedSet<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/** Tickets and sessions of one daemon. */
export class DashboardKeys {
  private readonly tickets = new Map<string, number>();
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new one-time ticket. */
  issueTicket(): string {
    const ticket = secret();
    boundedSet(this.tickets, ticket, this.now() + TICKET_MS, MAX_TICKETS);
    return ticket;
  }

  /** Trade `ticket` for a new session id, once; undefined when it is unknown, used or expired. */
  redeem(ticket: string): string | undefined {
    const expires = this.tickets.get(ticket);
    if (expires === undefined) return undefined;
    this.tickets.delete(ticket);
    if (expires < this.now()) return undefined;
    const id = secret();
    boundedSet(this.sessions, id, { expires: this.now() + SESSION_MS, streams: 0 }, MAX_SESSIONS);
    return id;
  }

  /** The live session of `id`, if any (looked up by the Map's own key comparison: ids are random, not guessable by timing). */
  session(id: string | undefined): Session | undefined {
    if (!id) return undefined;
    const found = this.sessions.get(id);
    if (found && found.expires < this.now()) this.sessions.delete(id);
    return found && found.expires >= this.now() ? found : undefined;
  }
}
