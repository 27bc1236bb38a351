// A local HTTP server that behaves like the platform API, on one port: the /api/v0 routes, the
// readiness endpoint (its old path answers 308 to the new one), 401 without the key, 400s in the
// platform's shape. For offline work (`hookd emulator`) and for the tests.
import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { readBody, MIB } from '../common/read-body.js';
import { resolveData, type EmulatorData } from './emulator-data.js';
import { sendError, sendJson, type EmulatorContext } from './emulator-http.js';
import { TestHooks } from './test-faults.js';
import { addMessage, createSession, listSessions } from './handle-sessions.js';
import { getComputer, installDeps, listComputers, updateComputer } from './handle-computers.js';
import { listChanges, listReports, setLimits } from './handle-organization.js';

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

type Handler = (ctx: EmulatorContext) => void;
const SEGMENT = '([^/]+)';
const ROUTES: { method: string; path: RegExp; handler: Handler }[] = [
  { method: 'GET', path: /^\/api\/v0\/sessions$/, handler: listSessions },
  { method: 'POST', path: /^\/api\/v0\/sessions$/, handler: createSession },
  { method: 'POST', path: new RegExp(`^/api/v0/sessions/${SEGMENT}/messages$`), handler: addMessage },
  { method: 'GET', path: /^\/api\/v0\/computers$/, handler: listComputers },
  { method: 'GET', path: new RegExp(`^/api/v0/computers/${SEGMENT}$`), handler: getComputer },
  { method: 'PATCH', path: new RegExp(`^/api/v0/computers/${SEGMENT}$`), handler: updateComputer },
  { method: 'POST', path: new RegExp(`^/api/v0/computers/${SEGMENT}/install-deps$`), handler: installDeps },
  { method: 'GET', path: /^\/api\/v0\/organization\/enterprise-controls\/history$/, handler: listChanges },
  { method: 'PUT', path: /^\/api\/v0\/organization\/usage\/limits\/users$/, handler: setLimits },
  { method: 'GET', path: /^\/api\/organization\/agent-readiness-reports$/, handler: listReports },
];
const OLD_REPORTS_PATH = '/api/organization/maturity-level-reports';
const NEW_REPORTS_PATH = '/api/organization/agent-readiness-reports';

function authorized(header: string | undefined, key: string): boolean {
  const expected = Buffer.from(`Bearer ${key}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Start the emulator; resolves once it listens. */
export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const data = resolveData(options.data);
  const hooks = options.testHooks ? new TestHooks() : undefined;
  // Simulated runs still going: their timers, and what each does when it ends.
  const runs = new Map<NodeJS.Timeout, () => void>();
  const runMs = options.runMs ?? 2000;
  const later = (fn: () => void) => {
    const timer = setTimeout(() => {
      runs.delete(timer);
      fn();
    }, runMs);
    runs.set(timer, fn);
  };
  const finishRuns = () => {
    const pending = [...runs];
    runs.clear();
    for (const [timer, fn] of pending) {
      clearTimeout(timer);
      fn();
    }
    return pending.length;
  };

  async function serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const read = await readBody(req, 30 * MIB);
    if (!read.ok) return read.reason === 'too-large' ? sendError(res, 413, 'request body is over 30 MiB') : undefined;
    const isAuthorized = authorized(req.headers.authorization, options.key);
    if (hooks && !url.pathname.startsWith('/__emulator/')) {
      hooks.requests.push({ method, path: url.pathname, query: url.search, authorized: isAuthorized, bytes: read.body.length });
    }
    // The old readiness path moved; the redirect comes before authentication, as a router's would.
    if (url.pathname === OLD_REPORTS_PATH) {
      res.writeHead(308, { location: `${NEW_REPORTS_PATH}${url.search}`, 'content-length': 0 });
      return void res.end();
    }
    if (!isAuthorized) return sendError(res, 401, 'missing or invalid API key; send Authorization: Bearer <API_KEY>');
    if (hooks && url.pathname === '/__emulator/finish-runs' && method === 'POST') return sendJson(res, 200, { finished: finishRuns() });
    if (hooks && url.pathname.startsWith('/__emulator/')) return hooks.handle(req, res, url.pathname, read.body);
    const fault = hooks?.take(method, url.pathname);
    if (fault?.hang) return;
    if (fault?.drop) return void req.socket.destroy();
    if (fault?.status) return sendError(res, fault.status, fault.detail ?? 'a fault injected by the emulator test hooks', fault.retryAfter ? { 'retry-after': fault.retryAfter } : {});

    const candidates = ROUTES.filter((route) => route.path.test(url.pathname));
    const route = candidates.find((item) => item.method === method);
    if (!route) {
      if (candidates.length === 0) return sendError(res, 404, `no endpoint ${url.pathname}`);
      return sendError(res, 405, `${method} is not allowed on ${url.pathname}`, { allow: candidates.map((item) => item.method).join(', ') });
    }
    let params: string[];
    try {
      params = (route.path.exec(url.pathname) ?? []).slice(1).map((raw) => decodeURIComponent(raw));
    } catch {
      return sendError(res, 400, `${url.pathname}: a path parameter is not valid percent-encoding`);
    }
    route.handler({ req, res, url, params, body: read.body, data, runMs, later });
  }

  const server = http.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
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
        for (const timer of runs.keys()) clearTimeout(timer);
        runs.clear();
        server.close(() => resolve());
        // Hung test requests and kept-alive clients would hold close() forever.
        server.closeAllConnections();
      }),
  };
}
