// Trace context a run carries (issue 25): the client's span, when its environment held the W3C
// carrier (TRACEPARENT, TRACESTATE, BAGGAGE: the bridges carry them), so hookd's span of the run is
// its child; else a trace per session, derived from the session id, so a session's runs group
// together in a collector. Computed once where a run is admitted, carried with the run.
import { createHash } from 'node:crypto';
import type { TraceContext } from '../runs/run-bus.js';

export type { TraceContext };

// version-traceid-spanid-flags, lower-case hex; all-zero ids are invalid (W3C Trace Context §3.2).
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** The trace context in a client's variables, when TRACEPARENT holds a valid one. */
export function traceContextOf(env: Readonly<Record<string, string>>): TraceContext | undefined {
  const match = TRACEPARENT.exec((env.TRACEPARENT ?? '').trim());
  if (!match || match[1] === 'ff' || /^0+$/.test(match[2]!) || /^0+$/.test(match[3]!)) return undefined;
  if (match[1] === '00' && match[5] !== undefined) return undefined;
  return {
    traceId: match[2]!,
    spanId: match[3]!,
    flags: Number.parseInt(match[4]!, 16),
    ...(env.TRACESTATE && { tracestate: env.TRACESTATE }),
    ...(env.BAGGAGE && { baggage: env.BAGGAGE }),
  };
}

/** The trace id of session `sessionId` when the client sent no trace context: the same for every run of the session. */
export function sessionTraceId(sessionId: string): string {
  return createHash('sha256').update(`hookd session ${sessionId}`).digest('hex').slice(0, 32);
}
