// The local API's routes over agent sessions (issue 25): GET /sessions (the most recently active
// first, each with its run count and the time the agent waited on hooks) and GET /sessions/:id/runs
// (one session's runs on one time axis). What they compute is sessions.ts's (the list kept up to
// date by session-index.ts); the live page reaches both under its own mount (dashboard.ts).
import type { Routes } from '../http/parts.js';
import type { History } from './history.js';
import { intParam } from '../http/query.js';
import { sendJson, sendRefusal } from '../http/answers.js';
import { DEFAULT_SESSIONS, MAX_SESSIONS, sessionRunsIn } from './sessions.js';
import { SessionIndex } from './session-index.js';

/** The session routes over `history`'s files. */
export function sessionRoutes(history: Pick<History, 'file'>): Routes {
  const index = new SessionIndex(history.file);
  return [
    {
      method: 'GET',
      path: '/sessions',
      handler: ({ res, url }) => {
        const limit = intParam(url, 'limit', { min: 1, max: MAX_SESSIONS, fallback: DEFAULT_SESSIONS });
        if (!limit.ok) return sendRefusal(res, 'EREQUEST', limit.reason);
        sendJson(res, 200, { sessions: index.list(limit.value) });
      },
    },
    {
      method: 'GET',
      path: '/sessions/:id/runs',
      handler: ({ res }, params) => {
        const id = params.id as string;
        const found = sessionRunsIn(history.file, id);
        if (!found)
          return sendRefusal(
            res,
            'ENOT_FOUND',
            `no session ${JSON.stringify(id)} in the history (GET /sessions lists them)`,
          );
        sendJson(res, 200, found);
      },
    },
  ];
}
