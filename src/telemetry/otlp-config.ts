// Whether runs are exported as OTLP spans, read from the standard OpenTelemetry variables. This file
// imports nothing of OpenTelemetry: the daemon reads it on every start, and only when it says "on"
// are the OpenTelemetry packages loaded (start-tracing.ts), so a daemon without a collector keeps
// its memory and start-up as they were.

/** How spans are exported, when they are. */
export interface OtlpConfig {
  protocol: 'http/protobuf' | 'http/json';
  /** Where spans go, for the log (the exporter reads the variables itself). */
  endpoint: string;
  /** Export the hook's command line (it may hold secrets): only with HOOKD_OTEL_COMMAND=1. */
  includeCommand: boolean;
}

/** What the environment asks for: nothing, an export, or a setting hookd cannot honour. */
export type OtlpChoice = { on: false } | { on: true; config: OtlpConfig } | { on: false; problem: string };

const PROTOCOLS = new Set(['http/protobuf', 'http/json']);

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** Read the OTLP variables of `env`; spans are exported only when an endpoint is set. */
export function otlpChoice(env: NodeJS.ProcessEnv = process.env): OtlpChoice {
  const tracesEndpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!tracesEndpoint && !endpoint) return { on: false };
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return { on: false };
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
    env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf'
  ).trim();
  if (!PROTOCOLS.has(protocol)) {
    return {
      on: false,
      problem: `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported; use http/protobuf (the default) or http/json. Runs are not exported`,
    };
  }
  const where = tracesEndpoint || `${(endpoint as string).replace(/\/+$/, '')}/v1/traces`;
  if (!isHttpUrl(where)) {
    return {
      on: false,
      problem: `the OTLP endpoint ${JSON.stringify(where)} is not an http:// or https:// URL (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT). Runs are not exported`,
    };
  }
  return {
    on: true,
    config: {
      protocol: protocol as OtlpConfig['protocol'],
      endpoint: where,
      includeCommand: env.HOOKD_OTEL_COMMAND === '1',
    },
  };
}
