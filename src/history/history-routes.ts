// The local API's routes over runs: GET /runs (filtered, newest first), GET /runs/stream (SSE),
// GET /runs/:id (one run whole), POST /runs/:id/retry, and GET /metrics. The live page reaches
// these same routes under its own mount (dashboard.ts).
import type { ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { Routes } from '../http/parts.js';
import type { History } from './history.js';
import type { FailedPayloads } from './failed-payloads.js';
import type { RunStream } from './run-stream.js';
import type { Registry } from 'prom-client';
import type { RetriedSchema, RunDetailSchema, RunsSchema } from './history-schemas.js';
import { parseRunQuery } from './run-filter.js';
import { summaryOf } from './run-summary.js';
import { RETRIABLE_OUTCOMES, describeOutcome, meaningOf } from '../runs/outcome.js';
import { MAX_BYTES, MAX_COUNT } from './failed-payloads.js';
import { sendJson, sendRefusal } from '../http/answers.js';
import { showSize } from '../common/show-size.js';
import { HookdError } from '../common/errors.js';
import type { HistoryEntry } from '../runs/history-line.js';
import type { RecordContent } from '../inbox/record-format.js';

/** What the run routes read. */
export interface RunRouteContext {
  history: History;
  failed: FailedPayloads;
  stream: RunStream;
  /** The daemon's metrics (telemetry/daemon-metrics.ts): what GET /metrics reads of them. */
  metrics: { registry: Pick<Registry, 'metrics' | 'contentType'> };
  /** Why the settings no longer name `record`'s command for `event` (so a retry must not run it), or undefined when they do. */
  notNamed(event: string, record: RecordContent): Promise<string | undefined>;
}

/** An answer: a status and its JSON body, or a refusal's code (common/error-catalogue.ts) and detail. */
type Answer<T> = { status: 200 | 202; body: T } | Refused;
type Refused = { code: 'EREQUEST' | 'ENOT_FOUND' | 'ERUN_STATE' | 'EGONE'; detail: string };

/** GET /runs?event=&outcome=&session=&command=&since=&limit=&probes= */
function listRuns(context: Pick<RunRouteContext, 'history'>, url: URL): Answer<z.input<typeof RunsSchema>> {
  const query = parseRunQuery(url);
  if (typeof query === 'string') return { code: 'EREQUEST' as const, detail: query };
  return { status: 200, body: { runs: context.history.search(query.filter, query.limit).map(summaryOf) } };
}

const notFound = (id: string) => ({
  code: 'ENOT_FOUND' as const,
  detail: `no run ${JSON.stringify(id)} in the history (hookd history lists the runs and their ids)`,
});

// The attempts of run `id`, or the answer that says why there are none to show.
function attemptsOf(context: Pick<RunRouteContext, 'history'>, id: string): HistoryEntry[] | Refused {
  try {
    const attempts = context.history.find(id);
    return attempts.length > 0 ? attempts : notFound(id);
  } catch (error) {
    if (error instanceof HookdError && error.code === 'EAMBIGUOUS')
      return { code: 'EREQUEST' as const, detail: error.message };
    throw error;
  }
}

/** GET /runs/:id: every attempt of one run, output whole, and its payload when a failure kept it. */
function showRun(
  context: Pick<RunRouteContext, 'history' | 'failed'>,
  id: string,
): Answer<z.input<typeof RunDetailSchema>> {
  const attempts = attemptsOf(context, id);
  if (!Array.isArray(attempts)) return attempts;
  const last = attempts.at(-1)!;
  const kept = context.failed.describe(last.eventId);
  return { status: 200, body: { run: summaryOf(last), attempts, payload: { kept: kept !== undefined, ...kept } } };
}

/** POST /runs/:id/retry: queue a failed run's kept record again. */
async function retryRun(
  context: Pick<RunRouteContext, 'history' | 'failed' | 'notNamed'>,
  id: string,
): Promise<Answer<z.input<typeof RetriedSchema>>> {
  const attempts = attemptsOf(context, id);
  if (!Array.isArray(attempts)) return attempts;
  const last = attempts.at(-1)!;
  const reads = describeOutcome(last.outcome, last);
  if (!meaningOf(last.outcome).failed)
    return {
      code: 'ERUN_STATE' as const,
      detail: `run ${last.eventId} did not fail (${reads}); only a failed run can be retried`,
    };
  if (!meaningOf(last.outcome).retriable) {
    return {
      code: 'ERUN_STATE' as const,
      detail: `run ${last.eventId} ended ${reads}; only a run whose hook failed (${RETRIABLE_OUTCOMES.join(', ')}) can be retried`,
    };
  }
  const record = context.failed.read(last.eventId);
  if (!record)
    return {
      code: 'EGONE' as const,
      detail: `the payload of run ${last.eventId} is no longer kept (the daemon keeps those of the last ${MAX_COUNT} failed runs, ${showSize(MAX_BYTES)} at most)`,
    };
  // Only what the settings still name: a command removed since would otherwise run again on a click.
  const why = await context.notNamed(last.event, record);
  if (why)
    return { code: 'ERUN_STATE' as const, detail: `run ${last.eventId} is not retried: ${why}; nothing was run` };
  return { status: 202, body: { queued: [await context.failed.retry(last.eventId, record)], retryOf: last.eventId } };
}

/** GET /metrics, in the Prometheus text format. */
async function sendMetrics(context: Pick<RunRouteContext, 'metrics'>, res: ServerResponse): Promise<void> {
  const text = await context.metrics.registry.metrics();
  res.writeHead(200, {
    'content-type': context.metrics.registry.contentType,
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function send<T>(res: ServerResponse, answer: Answer<T>): void {
  if ('detail' in answer) sendRefusal(res, answer.code, answer.detail);
  else sendJson(res, answer.status, answer.body);
}

/** The run routes over a running daemon's parts. `/runs/stream` comes before `/runs/:id`. */
export function runRoutes(context: RunRouteContext): Routes {
  return [
    { method: 'GET', path: '/runs', handler: ({ res, url }) => send(res, listRuns(context, url)) },
    {
      method: 'GET',
      path: '/runs/stream',
      handler: ({ req, res, url }) => {
        const query = parseRunQuery(url);
        if (typeof query === 'string') return sendRefusal(res, 'EREQUEST', query);
        context.stream.open(req, res, query.filter);
      },
    },
    {
      method: 'GET',
      path: '/runs/:id',
      handler: ({ res }, params) => send(res, showRun(context, params.id as string)),
    },
    {
      method: 'POST',
      path: '/runs/:id/retry',
      handler: async ({ req, res }, params) => (req.resume(), send(res, await retryRun(context, params.id as string))),
    },
    { method: 'GET', path: '/metrics', handler: ({ res }) => sendMetrics(context, res) },
  ];
}
