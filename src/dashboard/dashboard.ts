// The live page (`hookd dashboard`), served by the daemon on its loopback TCP listener under
// /dashboard/. It has its own sign-in (dashboard-keys.ts, request-guard.ts) instead of the bearer
// token, which a browser page should not hold. Its data are the local API's own answers (status, runs, one
// run, the run stream, retry), reached under /dashboard/api/ through the same handlers: the page
// adds no route of its own beyond signing in. A daemon whose loopback listener could not take the
// default port opens one on a free port for the page the first time a page is asked for.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendError, sendJson, sendRefusal } from '../http/answers.js';
import { Router, type Exchange } from '../http/router.js';
import type { Mount, Routes } from '../http/parts.js';
import type { Component, Served } from '../http/parts.js';
import { DashboardKeys, SESSION_MS, STREAMS_PER_SESSION, type Session } from './dashboard-keys.js';
import { checkSession, fromOwnOrigin, SESSION_HEADER, TICKET_HEADER } from './request-guard.js';
import { isOwnHost } from '../http/own-host.js';
import { trustConnection } from '../server/loopback-limits.js';
import { PAGE_FILES, PAGE_HEADERS, sendPageFile } from './page-files.js';
import { MAX_LIMIT } from '../history/run-filter.js';
import type { RefusalCode } from '../common/error-catalogue.js';

// What the page needs of the daemon's rules, given with its session rather than copied into its
// script; what an outcome means comes with each run (history/run-summary.ts).
const PAGE_FACTS = { maxRuns: MAX_LIMIT };

/** The local API routes the page may reach, under /dashboard/api. */
const REACHABLE = [
  'GET /status',
  'GET /runs',
  'GET /runs/stream',
  'GET /runs/:id',
  'POST /runs/:id/retry',
  'GET /sessions',
  'GET /sessions/:id/runs',
];
// The mount's prefix ends with a slash: POST /dashboard-ticket stays behind the bearer token.
const PREFIX = '/dashboard';

/** The page of one daemon, a part of it: its mount on the loopback listener, and the route that signs a page in. */
export class Dashboard implements Component {
  readonly keys = new DashboardKeys();
  private readonly api = new Router({ notFound: (method, path) => `the dashboard has no ${method} ${path}` });
  private listener?: Promise<Server>;

  /** Mounted on the loopback listener, ahead of its bearer check. */
  readonly mount: Mount = { prefix: `${PREFIX}/`, ownAuth: true, handler: (exchange) => this.handle(exchange) };
  readonly mounts = [this.mount];

  /** POST /dashboard-ticket (socket, or loopback with the bearer token): a one-time link to the page. */
  readonly routes: Routes = [
    { method: 'POST', path: '/dashboard-ticket', handler: ({ req, res }) => (req.resume(), this.ticket(res)) },
  ];

  /** `listen` gives a loopback listener with `mount` on it (opening one when the daemon has none), asked on the first ticket. */
  constructor(private readonly listen: (mount: Mount) => Promise<Server>) {}

  /** Started with the local API's routes, of which the page reaches those of REACHABLE. */
  start({ routes }: Served): void {
    for (const route of routes)
      if (REACHABLE.includes(`${route.method} ${route.path}`))
        this.api.route(route.method, `${PREFIX}/api${route.path}`, route.handler);
  }

  private async ticket(res: ServerResponse): Promise<void> {
    // A listener that failed to open is tried again on the next ask, not remembered as failed.
    this.listener ??= this.listen(this.mount).catch((error: unknown) => {
      this.listener = undefined;
      throw error;
    });
    const { port } = (await this.listener).address() as AddressInfo;
    // In the fragment: a browser never sends it, so no request line or log ever holds the ticket.
    sendJson(res, 201, { url: `http://127.0.0.1:${port}${PREFIX}/#ticket=${this.keys.issueTicket()}` });
  }

  private async handle({ req, res, url }: Exchange): Promise<boolean> {
    const port = req.socket.localPort ?? 0;
    const refuse = (code: RefusalCode, detail: string) => (
      req.resume(),
      sendRefusal(res, code, detail, PAGE_HEADERS),
      true
    );
    // A page from elsewhere that rebinds its own name to 127.0.0.1 still sends its own Host.
    if (!isOwnHost(req.headers.host, port))
      return refuse('EMISDIRECTED', `this listener answers only to Host 127.0.0.1:${port} or localhost:${port}`);
    if (url.pathname === `${PREFIX}/api/sign-in` && req.method === 'POST')
      return (req.resume(), this.signIn(req, res, port), true);
    if (url.pathname.startsWith(`${PREFIX}/api/`)) {
      const verdict = checkSession(req, this.keys, port);
      if (!verdict.ok) return refuse(verdict.code, verdict.detail);
      // Signed in: a stream of runs stays open as long as the page wants (the listener closes idle connections).
      trustConnection(req.socket);
      if (url.pathname === `${PREFIX}/api/session`) return (sendJson(res, 200, PAGE_FACTS, PAGE_HEADERS), true);
      if (url.pathname === `${PREFIX}/api/runs/stream` && !this.holdStream(verdict.session, res)) {
        return refuse('EBUSY', `this page has ${STREAMS_PER_SESSION} run streams open already; close some of its tabs`);
      }
      return (await this.api.handle({ req, res, url }), true);
    }
    // The page's files hold no data: they are served to anyone who asks with the listener's Host.
    const file = url.pathname === `${PREFIX}/` ? 'index.html' : url.pathname.slice(PREFIX.length + 1);
    if (req.method !== 'GET' || !(PAGE_FILES as readonly string[]).includes(file))
      return refuse('ENOT_FOUND', `the dashboard has no ${req.method} ${url.pathname}`);
    sendPageFile(res, file as (typeof PAGE_FILES)[number]);
    return true;
  }

  // One session's streams are bounded, so that one page cannot take all of the daemon's.
  private holdStream(session: Session, res: ServerResponse): boolean {
    if (session.streams >= STREAMS_PER_SESSION) return false;
    session.streams += 1;
    res.once('close', () => (session.streams -= 1));
    return true;
  }

  // The page's script posts the ticket of its address's fragment, from its own origin, and keeps the session id it gets.
  private signIn(req: IncomingMessage, res: ServerResponse, port: number): void {
    if (!fromOwnOrigin(req, port))
      return sendRefusal(
        res,
        'EFORBIDDEN',
        `sign in from the page itself (Origin ${JSON.stringify(req.headers.origin ?? null)})`,
        PAGE_HEADERS,
      );
    const ticket = req.headers[TICKET_HEADER];
    const session = typeof ticket === 'string' ? this.keys.redeem(ticket) : undefined;
    if (!session)
      return sendRefusal(
        res,
        'EFORBIDDEN',
        'this dashboard link was used already or has expired: run `hookd dashboard` for a new one',
        PAGE_HEADERS,
      );
    sendJson(res, 201, { session, header: SESSION_HEADER, expiresInMs: SESSION_MS }, PAGE_HEADERS);
  }
}
