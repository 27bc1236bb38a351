// Runs as OTLP spans, when the environment asks for them (otlp-config.ts): a part of the daemon
// that flushes the last spans when it lets go. The OpenTelemetry packages are imported here,
// dynamically, and only then: with no endpoint set nothing of them is loaded.
import type { Logger } from '../common/logger.js';
import { otlpChoice } from './otlp-config.js';
import type { RunBus } from '../runs/run-bus.js';
import type { Component } from '../http/parts.js';

/** A running export: `stop` flushes what is pending, giving up after `deadlineMs`. */
export interface Tracing {
  stop(deadlineMs: number): Promise<void>;
}

// How long a stop waits for the OTLP collector to take the last spans: a hanging collector never holds the stop.
const TRACING_FLUSH_MS = 2000;

/** Export every finished run of `events` as a span when OTLP is configured; a part that does nothing when it is not. */
export async function startTracing(runs: RunBus, logger: Logger, version: string): Promise<Component> {
  // process.env, not a parameter: the exporter reads the same variables (headers, timeout) there.
  const choice = otlpChoice(process.env);
  if (!choice.on) {
    if ('problem' in choice) logger.warn(choice.problem);
    return {};
  }
  const { exportRunSpans } = await import('./otlp-spans.js');
  const tracing = exportRunSpans(runs, choice.config, logger, version);
  logger.info({ endpoint: choice.config.endpoint, protocol: choice.config.protocol }, 'exporting runs as OTLP spans');
  return { close: () => tracing.stop(TRACING_FLUSH_MS) };
}
