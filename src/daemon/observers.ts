// What watches the runs beyond the history: the kept payloads of failed runs (for retries), the
// stream of finished runs, the metrics; and the routes that show them. A part of the daemon
// (lifecycle.ts), built over its pipeline: it lets go once the intake has drained, so that the last
// runs are kept, streamed and counted too.
import { FailedPayloads } from '../history/failed-payloads.js';
import { RunStream } from '../history/run-stream.js';
import { runRoutes } from '../history/history-routes.js';
import { sessionRoutes } from '../history/session-routes.js';
import { retryRule } from '../history/retry-rule.js';
import { createMetrics } from '../telemetry/daemon-metrics.js';
import { countProxy } from '../telemetry/count-proxy.js';
import type { Pipeline } from './pipeline/pipeline.js';
import type { LiveConfig } from '../settings/live-config.js';
import type { Fallback, Routes } from '../server/local-api.js';
import type { Logger } from '../common/logger.js';
import type { Component } from './lifecycle.js';
import type { HookReport } from '../cannot-run/did-not-fire-here.js';

/** The observers of one daemon. */
export interface Observers extends Component {
  /** GET /runs, /runs/stream, /runs/:id, POST /runs/:id/retry, GET /metrics; GET /sessions, /sessions/:id/runs. */
  routes: Routes;
  /** The platform proxy's fallback, its answers counted. */
  countProxy(fallback: Fallback | undefined): Fallback | undefined;
  close(): void;
}

/** Subscribe the observers to `pipeline`'s runs; the metrics read the hooks' report `hookReport` (GET /status's). */
export function openObservers(
  stateDir: string,
  pipeline: Pipeline,
  config: LiveConfig,
  logger: Logger,
  hookReport: () => Promise<HookReport>,
): Observers {
  const { history, runs, scheduler, inbox } = pipeline;
  const failed = new FailedPayloads(stateDir);
  failed.open();
  const stopKeeping = failed.subscribe(runs, inbox.dirs.cur, logger);
  const stream = new RunStream(runs);
  const metrics = createMetrics({ runs, scheduler, inbox, config, hookReport });
  return {
    routes: [
      ...runRoutes({ history, failed, stream, metrics, notNamed: retryRule(config) }),
      ...sessionRoutes(history),
    ],
    countProxy: (fallback) => fallback && countProxy(fallback, metrics.proxyAnswered),
    close() {
      stopKeeping();
      stream.close();
      metrics.close();
    },
  };
}
