// The routes the daemon proxies for hook scripts, and the check of each request before anything
// goes upstream: GET and POST /api/v0/sessions, POST /api/v0/sessions/{id}/messages. Any other
// /api/ path is answered 404 (405 for a known path with another method) and never forwarded.
import { checkRequest, parseJson } from './check-request.js';
import { queryObject } from './common-schemas.js';
import { CreateSessionRequestSchema, ListSessionsQuerySchema } from './session-schemas.js';
import { MessageRequestSchema } from './message-schemas.js';
import { MIB } from '../common/read-body.js';

export type Route =
  | { kind: 'list-sessions'; upstreamPath: string }
  | { kind: 'create-session' | 'add-message'; upstreamPath: string; maxBody: number };

export type Matched = { ok: true; route: Route } | { ok: false; status: number; detail: string; allow?: string };

/** Body caps: messages carry base64 attachments. */
export const MESSAGE_BODY_CAP = 25 * MIB;
export const OTHER_BODY_CAP = MIB;

const ROUTES_HELP = 'hookd proxies GET and POST /api/v0/sessions and POST /api/v0/sessions/{id}/messages only; use the hookd command line for the rest of the API';

function sessionId(raw: string): { ok: true; id: string } | { ok: false; detail: string } {
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    return { ok: false, detail: `session id: "${raw}" is not a valid percent-encoded path segment` };
  }
  // "." and ".." would change the upstream path once a server normalises it.
  if (id === '' || id === '.' || id === '..' || /[\u0000-\u001f\u007f]/.test(id)) return { ok: false, detail: `session id: "${raw}" is not a session id` };
  return { ok: true, id };
}

/** Match `method pathname` with its query `params`, and check what can be checked before the body. */
export function matchRoute(method: string, pathname: string, params: URLSearchParams): Matched {
  if (pathname === '/api/v0/sessions') {
    if (method === 'GET') {
      const query = queryObject(params);
      if (!query.ok) return { ok: false, status: 400, detail: `query: ${query.repeated}: given more than once` };
      const checked = checkRequest(ListSessionsQuerySchema, query.value, 'query');
      if (!checked.ok) return { ok: false, status: 400, detail: checked.problems.join('; ') };
      // Checking changes no value, so the query goes up as it came: no names but the known ones, none twice.
      const search = params.size > 0 ? `?${params.toString()}` : '';
      return { ok: true, route: { kind: 'list-sessions', upstreamPath: `/api/v0/sessions${search}` } };
    }
    if (method === 'POST') {
      if ([...params].length > 0) return { ok: false, status: 400, detail: 'query: POST /api/v0/sessions takes no query parameters' };
      return { ok: true, route: { kind: 'create-session', upstreamPath: '/api/v0/sessions', maxBody: OTHER_BODY_CAP } };
    }
    return { ok: false, status: 405, detail: `${method} is not allowed on /api/v0/sessions; use GET or POST`, allow: 'GET, POST' };
  }
  const message = /^\/api\/v0\/sessions\/([^/]*)\/messages$/.exec(pathname);
  if (message) {
    if (method !== 'POST') return { ok: false, status: 405, detail: `${method} is not allowed on ${pathname}; use POST`, allow: 'POST' };
    const id = sessionId(message[1] ?? '');
    if (!id.ok) return { ok: false, status: 400, detail: id.detail };
    if ([...params].length > 0) return { ok: false, status: 400, detail: 'query: POST .../messages takes no query parameters' };
    return { ok: true, route: { kind: 'add-message', upstreamPath: `/api/v0/sessions/${encodeURIComponent(id.id)}/messages`, maxBody: MESSAGE_BODY_CAP } };
  }
  return { ok: false, status: 404, detail: `${pathname} is not proxied: ${ROUTES_HELP}` };
}

/** Check a POST body of `route`; problems come back as one detail line. */
export function checkBody(route: Route, body: Buffer): { ok: true } | { ok: false; detail: string } {
  const json = parseJson(body.toString('utf8'), 'request body');
  if (!json.ok) return { ok: false, detail: json.problems.join('; ') };
  const schema = route.kind === 'add-message' ? MessageRequestSchema : CreateSessionRequestSchema;
  const checked = checkRequest(schema, json.value, 'request body');
  return checked.ok ? { ok: true } : { ok: false, detail: checked.problems.join('; ') };
}
