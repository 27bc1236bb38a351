// The daemon process's own metrics (CPU, memory, handles, heap, GC, event loop) without the cost
// of watching them. prom-client's defaults sample the event loop's delay on a libuv timer every
// 10 ms: a daemon with nothing to do woke 100 times a second for a metric read once a scrape. Here
// the event loop is measured at the scrape only: its lag (prom-client's own setImmediate probe,
// `nodejs_eventloop_lag_seconds`) and how busy it was since the last scrape (libuv's idle-time
// counters, no timer). The sampled min/max/mean/percentile gauges are left out.
import { performance } from 'node:perf_hooks';
import { Gauge, collectDefaultMetrics, type Registry } from 'prom-client';

// prom-client always starts its sampler; at this period (the longest a libuv timer is given, about
// 24.8 days) it never fires in practice. Its gauges are then removed.
const SAMPLER_PERIOD_MS = 2 ** 31 - 1;
const SAMPLED_GAUGES = ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'].map(
  (part) => `nodejs_eventloop_lag_${part}_seconds`,
);

/** Register the process and Node.js metrics on `registry`, measured at each scrape. */
export function registerProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: SAMPLER_PERIOD_MS });
  for (const name of SAMPLED_GAUGES) registry.removeSingleMetric(name);
  let since = performance.eventLoopUtilization();
  new Gauge({
    name: 'nodejs_eventloop_utilization_ratio',
    help: 'Share of the time since the previous scrape that the event loop was busy (0 to 1)',
    registers: [registry],
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, since).utilization);
      since = now;
    },
  });
}
