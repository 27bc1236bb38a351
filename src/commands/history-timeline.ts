// The session view in the terminal (issue 25): `hookd history --sessions` lists the agent sessions,
// and `hookd history --session S --timeline` draws one session's runs on one time axis, where the
// agent waited on hooks and for how long in all. The daemon answers GET /sessions and
// GET /sessions/:id/runs; when it is not running, the same comes from the history files, computed
// by the same module (history/sessions.ts).
import { resolvePaths } from '../common/paths.js';
import { CheckFailed } from '../common/errors.js';
import { requestDaemon, type DaemonResponse } from '../server/socket-client.js';
import { readAnswer, refusedAnswer } from '../server/local-api-schemas.js';
import { SessionRunsSchema, SessionsSchema } from '../history/history-schemas.js';
import { History } from '../history/history.js';
import { sessionRunsIn, sessionsIn, type SessionRuns, type SessionSummary } from '../history/sessions.js';
import { sessionLines, timelineLines } from './timeline-format.js';

/** What the timeline needs of `hookd history`'s options. */
export interface TimelineOptions {
  stateDir?: string;
  socket?: string;
  json?: boolean;
}

// The axis's width: what a terminal leaves beside the other columns (20 to 80), 40 characters on a pipe.
const axisWidth = () => (process.stdout.columns ? Math.max(20, Math.min(80, process.stdout.columns - 110)) : 40);

// The daemon's answer, or undefined when no daemon answers (then the files are read).
async function ask(socket: string, urlPath: string): Promise<DaemonResponse | undefined> {
  try {
    return await requestDaemon(socket, 'GET', urlPath);
  } catch {
    return undefined;
  }
}

/** Print the sessions, the most recently active first (or, with --json, as JSON). */
export async function sessionsCommand(options: TimelineOptions & { limit: number }): Promise<void> {
  const paths = resolvePaths(options);
  const response = await ask(paths.socket, `/sessions?limit=${options.limit}`);
  let sessions: SessionSummary[];
  if (response === undefined) sessions = sessionsIn(new History(paths.stateDir).file, options.limit);
  else if (response.status === 200)
    sessions = readAnswer(SessionsSchema, response, 'GET /sessions').sessions as SessionSummary[];
  else throw refusedAnswer(response, 'GET /sessions');
  if (options.json) process.stdout.write(`${JSON.stringify(sessions, null, 2)}\n`);
  else
    process.stdout.write(
      sessions.length
        ? `${sessionLines(sessions).join('\n')}\n`
        : 'no sessions (yet): runs that name a session appear here\n',
    );
}

/** Print session `id`'s picture (or, with --json, its runs with their offsets). */
export async function timelineCommand(id: string, options: TimelineOptions): Promise<void> {
  const paths = resolvePaths(options);
  const response = await ask(paths.socket, `/sessions/${encodeURIComponent(id)}/runs`);
  let picture: SessionRuns | undefined;
  if (response === undefined) picture = sessionRunsIn(new History(paths.stateDir).file, id);
  else if (response.status === 200)
    picture = readAnswer(SessionRunsSchema, response, `GET /sessions/${id}/runs`) as SessionRuns;
  else if (response.status !== 404) throw refusedAnswer(response, `GET /sessions/${id}/runs`);
  if (!picture)
    throw new CheckFailed(`no session ${JSON.stringify(id)} in the history (hookd history --sessions lists them)`);
  if (options.json) process.stdout.write(`${JSON.stringify(picture, null, 2)}\n`);
  else process.stdout.write(`${timelineLines(picture, axisWidth()).join('\n')}\n`);
}
