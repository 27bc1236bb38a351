// The live page's credentials. `hookd dashboard` gets a one-time ticket over the unix socket (only
// the user reaches it); the browser trades the ticket for a session cookie, once, and the page
// sends the session's CSRF token with every request that changes something. All of it lives in
// the daemon's memory, bounded: a restart signs every page out.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a ticket may wait to be opened. */
export const TICKET_MS = 2 * 60_000;
/** How long a session lasts. */
export const SESSION_MS = 12 * 60 * 60_000;
// Bounds: tickets asked for and never opened, sessions of pages long closed.
const MAX_TICKETS = 64;
const MAX_SESSIONS = 256;

/** A signed-in page. */
export interface Session {
  csrf: string;
  expires: number;
}

const secret = () => randomBytes(24).toString('base64url');

/** The same text, compared in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

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
    boundedSet(this.sessions, id, { csrf: secret(), expires: this.now() + SESSION_MS }, MAX_SESSIONS);
    return id;
  }

  /** The live session of `id`, if any. */
  session(id: string | undefined): Session | undefined {
    if (!id) return undefined;
    const found = this.sessions.get(id);
    if (found && found.expires < this.now()) this.sessions.delete(id);
    return found && found.expires >= this.now() ? found : undefined;
  }
}
