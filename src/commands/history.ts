// `hookd history`: the runs, newest first, one line each in aligned columns; `--follow` streams new runs from the
// daemon as they finish; `hookd history show ID`: one run whole. The daemon answers (GET /runs,
// /runs/stream, /runs/:id); when it is not running, the history files are read directly.
import { resolvePaths, type Paths } from '../common/paths.js';
import { CheckFailed, UsageError, fail } from '../common/errors.js';
import { requestDaemon, type DaemonResponse } from '../server/socket-client.js';
import { readAnswer, refusedAnswer } from '../server/local-api-schemas.js';
import { RunDetailSchema, RunSummarySchema, RunsSchema } from '../history/history-schemas.js';
import { History } from '../history/history.js';
import { newestFirst } from '../history/history-file.js';
import { light } from '../history/history-entry.js';
import { FailedPayloads } from '../history/failed-payloads.js';
import { matches, type RunFilter } from '../history/run-filter.js';
import { summaryOf, type RunSummary } from '../history/run-summary.js';
import type { OutcomeName } from '../runs/outcome.js';
import { runDetail, runLines } from './history-format.js';

export interface HistoryOptions {
  stateDir?: string;
  socket?: string;
  event?: string;
  /** Checked against the outcomes in src/cli (program.ts). */
  outcome?: OutcomeName;
  session?: string;
  command?: string;
  /** Ms since the epoch, parsed in program.ts. */
  since?: number;
  limit: number;
  follow?: boolean;
  /** With `session`: the session's runs on one time axis (history-timeline.ts). */
  timeline?: boolean;
  /** The sessions instead of the runs (history-timeline.ts). */
  sessions?: boolean;
  probes?: boolean;
  json?: boolean;
}

function filterOf(options: HistoryOptions): RunFilter {
  const { event, outcome, session, command, since, probes } = options;
  return { event, outcome, session, command, since, probes };
}

function queryOf(filter: RunFilter, limit?: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined || value === false) continue;
    params.set(
      name,
      name === 'since' ? new Date(value as number).toISOString() : name === 'probes' ? '1' : String(value),
    );
  }
  if (limit !== undefined) params.set('limit', String(limit));
  return params.size ? `?${params}` : '';
}

// The daemon's answer, or undefined when no daemon answers (then the files are read).
async function ask(paths: Paths, urlPath: string): Promise<DaemonResponse | undefined> {
  try {
    return await requestDaemon(paths.socket, 'GET', urlPath);
  } catch {
    return undefined;
  }
}

/** List the runs that pass the options' filter, newest first; or follow new ones. */
export async function historyCommand(options: HistoryOptions): Promise<void> {
  if (options.sessions) return (await import('./history-timeline.js')).sessionsCommand(options);
  if (options.timeline) {
    if (options.session === undefined)
      throw new UsageError('--timeline draws one session: give it with --session <id>');
    return (await import('./history-timeline.js')).timelineCommand(options.session, options);
  }
  const paths = resolvePaths(options);
  const filter = filterOf(options);
  if (options.follow) return follow(paths, filter, options.json === true);
  const response = await ask(paths, `/runs${queryOf(filter, options.limit)}`);
  let runs: RunSummary[];
  if (response === undefined) runs = fromFiles(paths.stateDir, filter, options.limit);
  else if (response.status !== 200) throw refusedAnswer(response, 'GET /runs');
  else runs = readAnswer(RunsSchema, response, 'GET /runs').runs as RunSummary[];
  if (options.json) process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
  else process.stdout.write(runs.length ? `${runLines(runs).join('\n')}\n` : 'no runs (yet) that match\n');
}

// The daemon is not running: the same listing, from the files.
function fromFiles(stateDir: string, filter: RunFilter, limit: number): RunSummary[] {
  const runs: RunSummary[] = [];
  for (const entry of newestFirst(new History(stateDir).file)) {
    if (runs.length >= limit) break;
    if (matches(entry, filter)) runs.push(summaryOf(light(entry)));
  }
  return runs;
}

/** Print one run whole. */
export async function historyShowCommand(
  id: string,
  options: Pick<HistoryOptions, 'stateDir' | 'socket' | 'json'>,
): Promise<void> {
  const paths = resolvePaths(options);
  const response = await ask(paths, `/runs/${encodeURIComponent(id)}`);
  let detail;
  if (response === undefined) {
    const attempts = new History(paths.stateDir).find(id);
    const last = attempts.at(-1);
    if (!last)
      throw new CheckFailed(`no run ${JSON.stringify(id)} in the history (hookd history lists the runs and their ids)`);
    const kept = new FailedPayloads(paths.stateDir).describe(last.eventId);
    detail = { run: summaryOf(last), attempts, payload: { kept: kept !== undefined, ...kept } };
  } else if (response.status !== 200) throw refusedAnswer(response, `hookd history show ${id}`);
  else detail = readAnswer(RunDetailSchema, response, `GET /runs/${id}`);
  if (options.json) process.stdout.write(`${JSON.stringify(detail, null, 2)}\n`);
  else process.stdout.write(runDetail(detail.run as RunSummary, detail.attempts, detail.payload));
}

// Print each run the daemon streams, until interrupted or the daemon goes.
async function follow(paths: Paths, filter: RunFilter, json: boolean): Promise<void> {
  let answer;
  // undici only for the stream: the other history commands are single requests (socket-client.ts).
  const { daemonAgent } = await import('../server/daemon-agent.js');
  try {
    answer = await daemonAgent(paths.socket).request({
      origin: 'http://hookd',
      path: `/runs/stream${queryOf(filter)}`,
      method: 'GET',
      headersTimeout: 5000,
      bodyTimeout: 0,
    });
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw fail('ENODAEMON', { needs: '--follow needs the daemon', socket: paths.socket, why });
  }
  if (answer.statusCode !== 200)
    throw refusedAnswer(
      { status: answer.statusCode, body: await answer.body.json().catch(() => undefined) },
      'GET /runs/stream',
    );
  let pending = '';
  for await (const chunk of answer.body) {
    pending += (chunk as Buffer).toString('utf8');
    const events = pending.split('\n\n');
    pending = events.pop() ?? '';
    for (const event of events) {
      const data = event.split('\n').find((line) => line.startsWith('data: '));
      if (!data) continue;
      const run = RunSummarySchema.parse(JSON.parse(data.slice(6))) as RunSummary;
      process.stdout.write(`${json ? JSON.stringify(run) : runLines([run], true)[0]}\n`);
    }
  }
  throw new CheckFailed(
    'the daemon closed the stream (it stopped, or this terminal read too slowly); run hookd history --follow again',
  );
}
