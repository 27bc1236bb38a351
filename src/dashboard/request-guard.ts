// Who may reach the live page, checked on every request before anything else: the Host must be
// the listener's own (a DNS-rebinding page comes with its own host name), the session cookie must
// be there, and a request that changes something must come from the page itself: its Origin is
// the listener's, and it carries the session's CSRF token.
import type { IncomingMessage } from 'node:http';
import { ownOrigins } from '../http/own-host.js';
import { sameSecret, type DashboardKeys, type Session } from './dashboard-keys.js';

/** The header the page sends its CSRF token in. */
export const CSRF_HEADER = 'x-hookd-csrf';

/** Allowed, or the status and reason of a refusal. */
export type Verdict = { ok: true; session: Session } | { ok: false; status: number; detail: string };

/** The session cookie's name: one per port, as cookies do not tell ports apart. */
export const cookieName = (port: number) => `hookd_dashboard_${port}`;


/** The value of cookie `name` in a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

const refuse = (status: number, detail: string): Verdict => ({ ok: false, status, detail });

/** Check the session of `req` (and, for a method other than GET/HEAD, its Origin and CSRF token). */
export function checkSession(req: IncomingMessage, keys: DashboardKeys, port: number): Verdict {
  const session = keys.session(readCookie(req.headers.cookie, cookieName(port)));
  if (!session) return refuse(401, 'no dashboard session: run `hookd dashboard` and open the link it prints');
  if (req.method === 'GET' || req.method === 'HEAD') return { ok: true, session };
  const origin = req.headers.origin;
  if (origin !== `http://${req.headers.host}` || !ownOrigins(port).includes(origin)) {
    return refuse(403, `cross-origin request refused (Origin ${JSON.stringify(origin ?? null)})`);
  }
  const csrf = req.headers[CSRF_HEADER];
  if (typeof csrf !== 'string' || !sameSecret(csrf, session.csrf)) return refuse(403, `missing or wrong ${CSRF_HEADER} header`);
  return { ok: true, session };
}
