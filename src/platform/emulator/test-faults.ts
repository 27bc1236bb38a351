// TEST-ONLY knobs of the emulator, enabled by `--test-hooks` (or `testHooks: true`) and never by
// default: queue a fault for the next matching requests (a status such as 429 with Retry-After or
// 500, any body a gateway might send instead of the platform's error, a hang, a dropped
// connection), and read the log of requests the emulator received (method, path, query, whether a
// key was sent, the body's size and content type, the user agent; never the key), and end every
// simulated run at once (POST /__emulator/finish-runs, so tests need not wait for a clock). Routes
// live under /__emulator/.
import { z } from 'zod';
import { checkRequest, parseJson } from '../api/check-request.js';
import type http from 'node:http';
import { sendError, sendJson } from '../../http/answers.js';
import { Router } from '../../http/router.js';
import type { EmulatorContext } from './emulator-http.js';

export const FaultSchema = z.strictObject({
  method: z.string().optional(),
  /** Exact pathname the fault applies to; any path when absent. */
  path: z.string().optional(),
  status: z.number().int().min(400).max(599).optional(),
  retryAfter: z.string().optional(),
  detail: z.string().optional(),
  /** Answer this body as it is instead of the platform's error shape (an HTML page from a gateway, say). */
  body: z.string().optional(),
  /** The content type of `body` (default text/html). */
  contentType: z.string().optional(),
  /** Never answer (until the emulator closes). */
  hang: z.boolean().optional(),
  /** Close the connection without an answer. */
  drop: z.boolean().optional(),
  times: z.number().int().positive().default(1),
  /** Let this many matching requests through before the fault fires. */
  after: z.number().int().nonnegative().default(0),
});

export type Fault = z.infer<typeof FaultSchema>;

export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  authorized: boolean;
  /** Bytes of the request body (0: none). */
  bytes: number;
  contentType: string | undefined;
  userAgent: string | undefined;
}

/** Answer a fault's status: its body as given, or the platform's error shape. */
export function sendFault(res: http.ServerResponse, fault: Fault): void {
  const headers: Record<string, string> = fault.retryAfter ? { 'retry-after': fault.retryAfter } : {};
  if (fault.body === undefined)
    return sendError(res, fault.status ?? 500, fault.detail ?? 'a fault injected by the emulator test hooks', headers);
  res.writeHead(fault.status ?? 500, {
    ...headers,
    'content-type': fault.contentType ?? 'text/html',
    'content-length': Buffer.byteLength(fault.body),
  });
  res.end(fault.body);
}

/** Faults waiting to fire and the request log. */
export class TestHooks {
  readonly requests: LoggedRequest[] = [];
  private faults: Fault[] = [];

  /** The fault for this request, if one is queued; it is used up. */
  take(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex(
      (fault) => (!fault.method || fault.method === method) && (!fault.path || fault.path === path),
    );
    if (index < 0) return undefined;
    const fault = this.faults[index] as Fault;
    if (fault.after > 0) {
      fault.after -= 1;
      return undefined;
    }
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  /** Queue a fault; the problems when it is not a valid fault. */
  add(input: unknown): string[] {
    const checked = checkRequest(FaultSchema, input, 'fault');
    if (!checked.ok) return checked.problems;
    this.faults.push(checked.value);
    return [];
  }

  /** Drop every queued fault. */
  clearFaults(): void {
    this.faults = [];
  }
}

/** The /__emulator/ routes over `hooks`; `finishRuns` ends every simulated run now. */
export function testRoutes(hooks: TestHooks, finishRuns: () => number): Router<EmulatorContext> {
  const notFound = (method: string, path: string) =>
    `${method} ${path}: test routes are POST|DELETE /__emulator/faults, GET|DELETE /__emulator/requests and POST /__emulator/finish-runs`;
  return new Router<EmulatorContext>({ notFound })
    .route('POST', '/__emulator/faults', ({ res, body }) => {
      const json = parseJson(body.toString('utf8'), 'fault');
      const problems = json.ok ? hooks.add(json.value) : json.problems;
      if (problems.length > 0) return sendError(res, 400, problems.join('; '));
      sendJson(res, 201, { queued: true });
    })
    .route('DELETE', '/__emulator/faults', ({ res }) => {
      hooks.clearFaults();
      sendJson(res, 200, { faults: [] });
    })
    .route('GET', '/__emulator/requests', ({ res }) => sendJson(res, 200, { requests: hooks.requests }))
    .route('DELETE', '/__emulator/requests', ({ res }) => {
      hooks.requests.length = 0;
      sendJson(res, 200, { requests: [] });
    })
    .route('POST', '/__emulator/finish-runs', ({ res }) => sendJson(res, 200, { finished: finishRuns() }));
}
