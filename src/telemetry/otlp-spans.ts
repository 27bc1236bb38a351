// The OpenTelemetry side of run spans, loaded only when an OTLP endpoint is configured
// (start-tracing.ts). Spans are batched (BatchSpanProcessor): a run only enqueues its span, so a
// slow or hanging collector never holds a run. A collector that fails is said once in the log, not
// once per span; stopping flushes what is pending up to a deadline, then drops the connections
// (closable-agent.ts).
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, createTraceState, trace, type Context } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  RandomIdGenerator,
  type IdGenerator,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { Logger } from '../common/logger.js';
import type { OtlpConfig } from './otlp-config.js';
import type { Tracing } from './start-tracing.js';
import { runSpan } from './run-attributes.js';
import { closableAgents } from './closable-agent.js';
import { sessionTraceId } from './trace-context.js';
import type { FinishedRun, RunBus } from '../runs/run-bus.js';

type ExportCallback = Parameters<SpanExporter['export']>[1];

/** Random ids, except the next trace id when a run names its session's (a root span of that session's trace). */
class SessionIdGenerator implements IdGenerator {
  private readonly random = new RandomIdGenerator();
  next: string | undefined;
  generateTraceId = () => {
    const id = this.next ?? this.random.generateTraceId();
    this.next = undefined;
    return id;
  };
  generateSpanId = () => this.random.generateSpanId();
}

// The parent of a run's span: the client's span, when the run carries its trace context.
function parentOf(run: FinishedRun): Context {
  if (!run.trace) return ROOT_CONTEXT;
  const { traceId, spanId, flags, tracestate } = run.trace;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId,
    traceFlags: flags,
    isRemote: true,
    ...(tracestate && { traceState: createTraceState(tracestate) }),
  });
}

/** Passes batches to `inner`, and says in the log when the collector starts failing (once per streak of failures). */
class WarningExporter implements SpanExporter {
  private failing = false;
  /** Set once the daemon stops: what fails then is said by the stop itself. */
  quiet = false;

  constructor(
    private readonly inner: SpanExporter,
    private readonly logger: Logger,
    private readonly endpoint: string,
  ) {}

  export(spans: ReadableSpan[], done: ExportCallback): void {
    this.inner.export(spans, (result) => {
      // 0 is ExportResultCode.SUCCESS (@opentelemetry/core, not a dependency of hookd's own).
      if (result.code !== 0 && !this.failing && !this.quiet) {
        this.failing = true;
        this.logger.warn(
          { endpoint: this.endpoint, error: result.error?.message },
          'the OTLP collector did not take the spans of runs; they are dropped until it does (said once)',
        );
      } else if (result.code === 0 && this.failing) {
        this.failing = false;
        this.logger.info({ endpoint: this.endpoint }, 'the OTLP collector takes spans again');
      }
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/** Export every finished run of `events` as one span to the configured collector. */
export function exportRunSpans(runs: RunBus, config: OtlpConfig, logger: Logger, version: string): Tracing {
  // Our own agents, so that a stop past its deadline can drop a request a hanging collector holds.
  const agents = closableAgents();
  const options = { httpAgentOptions: (protocol: string) => (protocol === 'https:' ? agents.https : agents.http) };
  const exporter = config.protocol === 'http/json' ? new JsonExporter(options) : new ProtobufExporter(options);
  // hookd's name and version, then what OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES say.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'hookd', [ATTR_SERVICE_VERSION]: version }))
    .merge(detectResources({ detectors: [envDetector] }));
  const warning = new WarningExporter(exporter, logger, config.endpoint);
  const ids = new SessionIdGenerator();
  const provider = new BasicTracerProvider({
    resource,
    idGenerator: ids,
    spanProcessors: [new BatchSpanProcessor(warning)],
  });
  const tracer = provider.getTracer('hookd', version);
  const unsubscribe = runs.on('finished', (run) => {
    const span = runSpan(run, config.includeCommand);
    // Without the client's context, one trace per session: the span is a root of its session's trace.
    if (!run.trace && run.sessionId) ids.next = sessionTraceId(run.sessionId);
    const started = tracer.startSpan(
      span.name,
      { kind: SpanKind.INTERNAL, startTime: span.startTime, attributes: span.attributes },
      parentOf(run),
    );
    ids.next = undefined;
    if (span.error !== undefined) started.setStatus({ code: SpanStatusCode.ERROR, message: span.error });
    started.end(span.endTime);
  });
  return {
    async stop(deadlineMs) {
      unsubscribe();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), deadlineMs)));
      const flushed = provider.shutdown().then(
        () => 'done' as const,
        () => 'done' as const,
      );
      if ((await Promise.race([flushed, deadline])) === 'late')
        logger.warn(
          { endpoint: config.endpoint, deadlineMs },
          'the OTLP collector did not take the last spans before the stop deadline; they are dropped',
        );
      clearTimeout(timer);
      warning.quiet = true;
      agents.shut();
    },
  };
}
