// Decodes what the daemon exports over http/protobuf as a collector does, with the OTLP protobuf
// definitions the OpenTelemetry packages shipped (otlp-transformer 0.216, a dev dependency under
// the name otlp-proto-definitions): no collector binary is installable here.
import { createRequire } from 'node:module';
import type { Received } from './otlp-receiver.js';

const require = createRequire(import.meta.url);

/** A decoded span: ids in hex, attributes flattened to plain values. */
export interface DecodedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, unknown>;
}

interface ProtoValue {
  stringValue?: string;
  intValue?: { toString(): string } | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface ProtoSpan {
  name: string;
  traceId: Uint8Array;
  spanId: Uint8Array;
  parentSpanId?: Uint8Array;
  attributes: { key: string; value: ProtoValue }[];
}
interface ProtoRequest {
  resourceSpans: { scopeSpans: { spans: ProtoSpan[] }[] }[];
}

const { opentelemetry } = require('otlp-proto-definitions/build/src/generated/root.js') as {
  opentelemetry: {
    proto: { collector: { trace: { v1: { ExportTraceServiceRequest: { decode(bytes: Uint8Array): ProtoRequest } } } } };
  };
};
const Request = opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const hex = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('hex');
const plain = (v: ProtoValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue.toString()) : (v.boolValue ?? v.doubleValue));

/** The spans of every http/protobuf request `received`. */
export function decodeSpans(received: readonly Received[]): DecodedSpan[] {
  return received
    .filter((request) => request.headers['content-type'] === 'application/x-protobuf')
    .flatMap((request) => Request.decode(request.body).resourceSpans)
    .flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans))
    .map((span) => ({
      name: span.name,
      traceId: hex(span.traceId),
      spanId: hex(span.spanId),
      parentSpanId: hex(span.parentSpanId),
      attributes: Object.fromEntries(span.attributes.map((a) => [a.key, plain(a.value)])),
    }));
}
