// The daemon's metrics in the Prometheus text format (prom-client), on a registry of its own (not
// prom-client's global one: two daemons in one process, as in the tests, must not share counts).
// Runs are counted from the run bus; the queue, the inbox and the settings are read at each scrape.
import { CLIENTS } from '../clients/registry.js';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerProcessMetrics } from './process-metrics.js';
import type { HookReport } from '../cannot-run/did-not-fire-here.js';
import type { FinishedRun, RunBus } from '../runs/run-bus.js';
import type { Inbox } from '../inbox/inbox.js';
import type { LiveConfig } from '../settings/live-config.js';

/** What the metrics read. */
export interface MetricSources {
  runs: RunBus;
  /** The scheduler's queue (daemon/pipeline/scheduler.ts), as the metrics read it: named here, so telemetry/ does not name daemon/. */
  scheduler: { readonly depth: { pending: number; running: number } };
  inbox: Inbox;
  config: LiveConfig;
  /** The hooks that will not run or did not fire, as GET /status has them (one reading for both gauges). */
  hookReport: () => Promise<HookReport>;
}

/** The metrics of one daemon. */
export interface DaemonMetrics {
  registry: Registry;
  /** Count one answer of the platform proxy. */
  proxyAnswered(status: number): void;
  /** Stop counting (the daemon stops). */
  close(): void;
}

const RUN_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
const DELAY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30];

/** Build the registry over the daemon's parts and start counting runs. */
// Event names come from payloads, which any local writer of the inbox chooses: a label per name would
// grow the series without bound. The clients' own events keep their names; any other is `other`, and
// so is none (a rejected record), as docs/observability.md says. The client label is a profile's id,
// `other` when the record named none.
const KNOWN_EVENTS = new Set(CLIENTS.flatMap((client) => client.events));
const KNOWN_CLIENTS = new Set<string>(CLIENTS.map((client) => client.id));
const eventLabel = (event: string) => (KNOWN_EVENTS.has(event) ? event : 'other');
const clientLabel = (client: string | undefined) => (client && KNOWN_CLIENTS.has(client) ? client : 'other');

export function createMetrics(sources: MetricSources): DaemonMetrics {
  const registry = new Registry();
  registerProcessMetrics(registry);
  const registers = [registry];
  const runs = new Counter({
    name: 'hookd_runs_total',
    help: 'Runs by event, outcome and client (hookd doctor probes not counted)',
    labelNames: ['event', 'outcome', 'client'],
    registers,
  });
  const duration = new Histogram({
    name: 'hookd_run_duration_seconds',
    help: 'Run time of hooks, from start to end',
    labelNames: ['event'],
    buckets: RUN_BUCKETS,
    registers,
  });
  const delay = new Histogram({
    name: 'hookd_delivery_delay_seconds',
    help: 'From the bridge writing an event to its hook starting',
    labelNames: ['event'],
    buckets: DELAY_BUCKETS,
    registers,
  });
  const { scheduler, inbox, config, hookReport: report } = sources;
  new Gauge({
    name: 'hookd_queue_depth',
    help: 'Runs scheduled and not finished (running or waiting for a slot)',
    registers,
    collect() {
      this.set(scheduler.depth.pending);
    },
  });
  new Gauge({
    name: 'hookd_inbox_backlog',
    help: 'Events in the inbox: committed, or taken and not finished',
    registers,
    collect() {
      this.set(inbox.waiting());
    },
  });
  let reloadFailuresSeen = 0;
  new Counter({
    name: 'hookd_settings_reload_failures_total',
    help: 'Reloads of a followed settings file that failed (the last good config was kept)',
    registers,
    collect() {
      this.inc(config.reloadFailures - reloadFailuresSeen);
      reloadFailuresSeen = config.reloadFailures;
    },
  });
  new Gauge({
    name: 'hookd_hooks_cannot_run',
    help: 'Configured hooks their client will not run now, by client and reason (hookd doctor names each)',
    labelNames: ['client', 'reason'],
    registers,
    // GET /status's list, kept by the daemon until what it was read from changes (cannot-run/kept-hook-report.ts).
    async collect() {
      this.reset();
      for (const row of (await report()).cannotRun) this.inc({ client: clientLabel(row.client), reason: row.reason });
    },
  });
  new Gauge({
    name: 'hookd_hooks_did_not_fire',
    help: 'Configured hooks that did not fire in a recorded session where the client ran the others of their event, by client',
    labelNames: ['client'],
    registers,
    async collect() {
      this.reset();
      for (const hook of (await report()).didNotFire) this.inc({ client: clientLabel(hook.client) });
    },
  });
  const proxy = new Counter({
    name: 'hookd_proxy_requests_total',
    help: 'Requests of the platform proxy by HTTP status',
    labelNames: ['status'],
    registers,
  });
  const stop = sources.runs.on('finished', (run: FinishedRun) => {
    if (run.facts.probe) return;
    const event = eventLabel(run.event);
    runs.inc({ event, outcome: run.outcome, client: clientLabel(run.client) });
    if (run.startedAt === undefined) return;
    duration.observe({ event }, (run.endedAt - run.startedAt) / 1000);
    if (run.facts.delayMs !== undefined) delay.observe({ event }, run.facts.delayMs / 1000);
  });
  return {
    registry,
    proxyAnswered: (status) => proxy.inc({ status: String(status) }),
    close: stop,
  };
}
