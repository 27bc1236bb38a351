// `hookd history --session S --timeline`: one session's runs on one time axis in the terminal, where
// the agent waited on hooks and for how long in all (issue 25). The daemon answers
// GET /sessions/:id/runs; when it is not running, the same picture comes from the history files,
// computed by the same module (history/sessions.ts).
import { resolvePaths } from '../common/paths.js';
import { CheckFailed, HookdError } from '../common/errors.js';
import { requestDaemon, type DaemonResponse } from '../daemon/socket-client.js';
import { SessionRunsSchema, readAnswer } from '../daemon/local-api-schemas.js';
import { History } from '../history/history.js';
import { sessionRunsIn, type SessionRuns } from '../history/sessions.js';
import { timelineLines } from './timeline-format.js';

/** What the timeline needs of `hookd history`'s options. */
export interface TimelineOptions {
  stateDir?: string;
  socket?: string;
  json?: boolean;
}

// The axis's width: what a terminal leaves beside the other columns (20 to 80), 40 characters on a pipe.
const axisWidth = () => (process.stdout.columns ? Math.max(20, Math.min(80, process.stdout.columns - 110)) : 40);

/** Print session `id`'s picture (or, with --json, its runs with their offsets). */
export async function timelineCommand(id: string, options: TimelineOptions): Promise<void> {
  const paths = resolvePaths(options);
  let response: DaemonResponse | undefined;
  try {
    response = await requestDaemon(paths.socket, 'GET', `/sessions/${encodeURIComponent(id)}/runs`);
  } catch {
    // No daemon: the files are read below.
  }
  let picture: SessionRuns | undefined;
  if (response === undefined) picture = sessionRunsIn(new History(paths.stateDir).file, id);
  else if (response.status === 200) picture = readAnswer(SessionRunsSchema, response, `GET /sessions/${id}/runs`) as SessionRuns;
  else if (response.status !== 404) throw new HookdError('EDAEMON', `GET /sessions/${id}/runs: the daemon answered HTTP ${response.status}`);
  if (!picture) throw new CheckFailed(`no session ${JSON.stringify(id)} in the history (hookd history --json shows each run's session)`);
  if (options.json) process.stdout.write(`${JSON.stringify(picture, null, 2)}\n`);
  else process.stdout.write(`${timelineLines(picture, axisWidth()).join('\n')}\n`);
}
