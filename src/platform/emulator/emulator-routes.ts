// The emulator's route table, driven by src/platform/api/endpoints.ts: every endpoint served at its path
// (a moved one at its new path), its request checked against the endpoint's own schemas (400 in
// the platform's shape) before its handler runs, its success answer drifted in drift mode, and the
// test-only routes mounted when enabled.
import { sendError, sendJson } from '../../http/answers.js';
import { Router } from '../../http/router.js';
import { checkBody, checkHead } from '../api/check-request.js';
import type { Checked, Endpoint } from '../api/endpoint.js';
import { ENDPOINTS, type EndpointName } from '../api/endpoints.js';
import type { EmulatorContext, EndpointContext } from './emulator-http.js';
import { driftAnswer } from './drift.js';
import { testRoutes, type TestHooks } from './test-faults.js';
import { addMessage, createSession, listSessions } from './handle-sessions.js';
import { getComputer, installDeps, listComputers, updateComputer } from './handle-computers.js';
import { listControlChanges, listReports, setUserLimits } from './handle-organization.js';

/** The emulator's handler of every endpoint: the compiler says when one is missing. */
const HANDLERS: { [K in EndpointName]: (ctx: EndpointContext, request: Checked<(typeof ENDPOINTS)[K]>) => void } = {
  listSessions,
  createSession,
  addMessage,
  listComputers,
  getComputer,
  updateComputer,
  installDeps,
  listReports,
  listControlChanges,
  setUserLimits,
};

/** Old paths of moved endpoints, answered 308 to the new ones. */
export const MOVED = new Map(
  Object.values<Endpoint>(ENDPOINTS).flatMap((endpoint) =>
    endpoint.movedTo ? [[endpoint.path, endpoint.movedTo] as const] : [],
  ),
);

/** Serve `name` at its (new) path: its request checked against its schemas (400), then its handler. */
function serveEndpoint<K extends EndpointName>(router: Router<EmulatorContext>, name: K): void {
  const endpoint: Endpoint = ENDPOINTS[name];
  const handler = HANDLERS[name];
  router.route(endpoint.method, endpoint.movedTo ?? endpoint.path, (ctx, params) => {
    const head = checkHead(endpoint, params, ctx.url.searchParams);
    if (!head.ok) return sendError(ctx.res, 400, head.problems.join('; '));
    const body = checkBody(endpoint, ctx.body);
    if (!body.ok) return sendError(ctx.res, 400, body.problems.join('; '));
    const answer = (value: unknown) => {
      const sent = ctx.drift ? driftAnswer(name, endpoint.status, value) : { status: endpoint.status, value };
      sendJson(ctx.res, sent.status, sent.value);
    };
    handler({ ...ctx, answer }, { ...head.value, body: body.value } as Checked<(typeof ENDPOINTS)[K]>);
  });
}

/** The emulator's routes: every endpoint, and the test-only routes when enabled. */
export function emulatorRouter(hooks: TestHooks | undefined, finishRuns: () => number): Router<EmulatorContext> {
  const router = new Router<EmulatorContext>({
    notFound: (_method, path) => `no endpoint ${path}`,
    failed: (error) => `emulator error: ${(error as Error).message}`,
  });
  for (const name of Object.keys(ENDPOINTS) as EndpointName[]) serveEndpoint(router, name);
  if (hooks) {
    const tests = testRoutes(hooks, finishRuns);
    router.mount('/__emulator/', (ctx) => tests.handle(ctx));
  }
  return router;
}
