// Who may reach the live page's data, checked on every request before anything else: the Host must
// be the listener's own (a DNS-rebinding page comes with its own host name), the session id must
// come in its header (only a script of the page's own origin, which keeps it in that origin's
// storage, can send it: a header is bound to the origin, port included, where a cookie is not),
// and a request that changes something must come from the page itself (its Origin is the
// listener's). The header also makes every cross-origin request a CORS preflight, which the
// listener never grants.
import type { IncomingMessage } from 'node:http';
import { ownOrigins } from '../http/own-host.js';
import type { DashboardKeys, Session } from './dashboard-keys.js';
import type { RefusalCode } from '../common/error-catalogue.js';

/** The header the page sends its session id in. */
export const SESSION_HEADER = 'x-hookd-session';
/** The header the page sends its one-time ticket in, to sign in. */
export const TICKET_HEADER = 'x-hookd-ticket';

/** Allowed, or the code and reason of a refusal. */
export type Verdict = { ok: true; session: Session } | { ok: false; code: RefusalCode; detail: string };

const refuse = (code: RefusalCode, detail: string): Verdict => ({ ok: false, code, detail });

/** Whether `req` comes from a page of the listener's own origin on `port`. */
export function fromOwnOrigin(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  return origin === `http://${req.headers.host}` && ownOrigins(port).includes(origin);
}

/** Check the session of `req` (and, for a method other than GET/HEAD, its Origin). */
export function checkSession(req: IncomingMessage, keys: DashboardKeys, port: number): Verdict {
  const given = req.headers[SESSION_HEADER];
  const session = keys.session(typeof given === 'string' ? given : undefined);
  if (!session)
    return refuse('EAUTH', 'no dashboard session: run `hookd dashboard` and open the page it opens or prints');
  if (req.method === 'GET' || req.method === 'HEAD') return { ok: true, session };
  if (!fromOwnOrigin(req, port))
    return refuse('EFORBIDDEN', `cross-origin request refused (Origin ${JSON.stringify(req.headers.origin ?? null)})`);
  return { ok: true, session };
}
