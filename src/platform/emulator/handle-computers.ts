// The emulator's computers: list (newest first), get, update (a hostId only on a computer that
// has none, and unique), and retry install-deps: 202 and `provisioning` while the simulated
// install runs, 409 if one is already running, `active` when it ends.
import type { Computer } from '../api/computer-schemas.js';
import { sendError } from '../../http/answers.js';
import { byNewest } from './emulator-data.js';
import type { EndpointContext, Request } from './emulator-http.js';
import { newId } from './handle-sessions.js';

function find(ctx: EndpointContext, id: string): Computer | undefined {
  const computer = ctx.data.computers.find((item) => item.id === id);
  if (!computer) sendError(ctx.res, 404, `computer ${id} was not found`);
  return computer;
}

/** GET /api/v0/computers */
export function listComputers(ctx: EndpointContext): void {
  ctx.answer({ computers: [...ctx.data.computers].sort(byNewest((c: Computer) => c.id)) });
}

/** GET /api/v0/computers/{id} */
export function getComputer(ctx: EndpointContext, { params }: Request<'getComputer'>): void {
  const computer = find(ctx, params.computerId);
  if (computer) ctx.answer(computer);
}

/** PATCH /api/v0/computers/{id} */
export function updateComputer(ctx: EndpointContext, { params, body }: Request<'updateComputer'>): void {
  const computer = find(ctx, params.computerId);
  if (!computer) return;
  if (body.hostId !== undefined && body.hostId !== computer.hostId) {
    if (computer.hostId)
      return sendError(
        ctx.res,
        409,
        `computer ${computer.id} already has hostId ${computer.hostId}; a hostId can be set only once`,
      );
    const owner = ctx.data.computers.find((item) => item.hostId === body.hostId);
    if (owner)
      return sendError(ctx.res, 409, `hostId ${body.hostId} belongs to computer ${owner.id}; a hostId must be unique`);
  }
  Object.assign(computer, body);
  ctx.answer(computer);
}

/** POST /api/v0/computers/{id}/install-deps */
export function installDeps(ctx: EndpointContext, { params }: Request<'installDeps'>): void {
  const computer = find(ctx, params.computerId);
  if (!computer) return;
  const steps = (computer.provisioningSteps ??= []);
  if (steps.some((step) => step.status === 'running')) {
    return sendError(
      ctx.res,
      409,
      `an install session is already running on computer ${computer.id}; wait for it to finish`,
    );
  }
  const step = {
    id: 'install-deps',
    name: 'Install dependencies',
    status: 'running',
    startedAt: Date.now(),
    installSessionId: newId('ses'),
  };
  const index = steps.findIndex((item) => item.id === step.id);
  if (index >= 0) steps[index] = step;
  else steps.push(step);
  computer.status = 'provisioning';
  ctx.later(() => {
    Object.assign(step, { status: 'completed', completedAt: Date.now() });
    computer.status = 'active';
  });
  ctx.answer(computer);
}
