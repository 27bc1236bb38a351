// Issue 24: the process metrics are measured at the scrape. prom-client's default event-loop
// sampler (a timer every 10 ms) woke an idle daemon 100 times a second; its gauges are gone, and
// the event loop is read at the scrape: its lag, and how busy it was since the previous scrape.
import { describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { registerProcessMetrics } from '../../src/telemetry/process-metrics.js';

describe('the process metrics', () => {
  it('read the event loop at the scrape, without the sampled gauges', async () => {
    const registry = new Registry();
    registerProcessMetrics(registry);
    const busyUntil = Date.now() + 50;
    while (Date.now() < busyUntil); // the loop busy for a moment: the next scrape sees it
    const text = await registry.metrics();
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    const utilization = Number(/^nodejs_eventloop_utilization_ratio (\S+)$/m.exec(text)?.[1]);
    expect(utilization).toBeGreaterThan(0);
    expect(utilization).toBeLessThanOrEqual(1);
    expect(text).not.toMatch(/nodejs_eventloop_lag_(min|max|mean|stddev|p50|p90|p99)_seconds/);
  });
});
