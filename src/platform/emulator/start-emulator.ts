// A local HTTP server that behaves like the platform API, on one port: every endpoint of
// src/platform/api/endpoints.ts (a moved one's old path answers 308 to the new one), 401 without the key,
// 400s in the platform's shape from the endpoints' own schemas, and in drift mode the answers of a
// server that drifted from its spec (drift.ts). For offline work (`hookd api emulator`) and for the tests.
import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { readBody, refuseBody } from '../../http/read-body.js';
import { MIB } from '../../common/show-size.js';
import { sendError } from '../../http/answers.js';
import type { Router } from '../../http/router.js';
import { loadData, type EmulatorData } from './emulator-data.js';
import { generateData } from './generate-data.js';
import { SimulatedRuns, type EmulatorContext } from './emulator-http.js';
import { TestHooks, sendFault } from './test-faults.js';
import { MOVED, emulatorRouter } from './emulator-routes.js';
import { DRIFT_MAX_PAGE } from './drift.js';

export interface EmulatorOptions {
  /** Port on 127.0.0.1 (0 picks a free one). */
  port?: number;
  host?: string;
  /** The API key clients must send. */
  key: string;
  /** A `--data` file, data given in code, or undefined for the generated data. */
  data?: string | Partial<EmulatorData>;
  /** Length of a simulated agent turn or dependency install, in ms (default 2000). */
  runMs?: number;
  /** Enable the test-only /__emulator/ routes (faults, request log). */
  testHooks?: boolean;
  /** The largest page a list answers, whatever limit is asked (a server that caps pages lower); DRIFT_MAX_PAGE in drift mode. */
  maxPage?: number;
  /** Answer the way production servers drift: nulls, unknown fields, unlisted enum values, other 2xx statuses, short pages. */
  drift?: boolean;
}

export interface RunningEmulator {
  url: string;
  data: EmulatorData;
  /** The test-only hooks, when enabled. */
  testHooks: TestHooks | undefined;
  /** End every simulated run now (agent turns, installs); returns how many ended. */
  finishRuns(): number;
  close(): Promise<void>;
}

/** Whether `header` carries the key: the scheme name is case-insensitive (RFC 9110 11.1), the key exact. */
function authorized(header: string | undefined, key: string): boolean {
  const match = /^bearer +(.*)$/i.exec(header ?? '');
  const given = Buffer.from(match?.[1] ?? '');
  const expected = Buffer.from(key);
  return match !== null && given.length === expected.length && timingSafeEqual(given, expected);
}

/** Data from `source`: a file path, data given in code, or generated when undefined. */
function resolveData(source: string | Partial<EmulatorData> | undefined): EmulatorData {
  if (typeof source === 'string') return loadData(source);
  const generated = generateData();
  return source ? { ...generated, ...structuredClone(source) } : generated;
}

/** What serving a request needs. */
interface Served {
  key: string;
  hooks: TestHooks | undefined;
  router: Router<EmulatorContext>;
  data: EmulatorData;
  runs: SimulatedRuns;
  maxPage: number | undefined;
  drift: boolean;
}

/** Answer one request: the body read, logged for the tests, authenticated, redirected if moved, faulted, routed. */
async function serve(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  { key, hooks, router, data, runs, maxPage, drift }: Served,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const method = req.method ?? 'GET';
  const read = await readBody(req, 30 * MIB);
  // The rest of a body over the cap is not read: the connection is closed after the 413 (refuseBody).
  if (!read.ok)
    return read.reason === 'too-large' ? refuseBody(req, res, 'ETOO_LARGE', 'request body is over 30 MiB') : undefined;
  const isAuthorized = authorized(req.headers.authorization, key);
  const testRoute = url.pathname.startsWith('/__emulator/');
  if (hooks && !testRoute) {
    const { 'content-type': contentType, 'user-agent': userAgent } = req.headers;
    hooks.requests.push({
      method,
      path: url.pathname,
      query: url.search,
      authorized: isAuthorized,
      bytes: read.body.length,
      contentType,
      userAgent,
    });
  }
  // Every endpoint requires the key (spec 5), the moved readiness path too: 401 before any redirect.
  if (!isAuthorized) return sendError(res, 401, 'missing or invalid API key; send Authorization: Bearer <API_KEY>');
  const moved = MOVED.get(url.pathname);
  if (moved) {
    res.writeHead(308, { location: `${moved}${url.search}`, 'content-length': 0 });
    return void res.end();
  }
  const fault = testRoute ? undefined : hooks?.take(method, url.pathname);
  if (fault?.hang) return;
  if (fault?.drop) return void req.socket.destroy();
  if (fault?.status) return sendFault(res, fault);
  await router.handle({
    req,
    res,
    url,
    body: read.body,
    data,
    runMs: runs.runMs,
    maxPage,
    drift,
    later: (fn) => runs.later(fn),
  });
}

/** Start the emulator; resolves once it listens. */
export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const data = resolveData(options.data);
  const hooks = options.testHooks ? new TestHooks() : undefined;
  const runs = new SimulatedRuns(options.runMs ?? 2000);
  const finishRuns = () => runs.finish();
  const drift = options.drift ?? false;
  const maxPage = options.maxPage ?? (drift ? DRIFT_MAX_PAGE : undefined);
  const served: Served = {
    key: options.key,
    hooks,
    router: emulatorRouter(hooks, finishRuns),
    data,
    runs,
    maxPage,
    drift,
  };
  const server = http.createServer((req, res) => {
    serve(req, res, served).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, `emulator error: ${(error as Error).message}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as { port: number; address: string };
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    data,
    testHooks: hooks,
    finishRuns,
    close: () =>
      new Promise<void>((resolve) => {
        runs.clear();
        server.close(() => resolve());
        // Hung test requests and kept-alive clients would hold close() forever.
        server.closeAllConnections();
      }),
  };
}
