// The emulator's drift mode (`hookd api emulator --drift`, `drift: true`, for tests): every success
// answer comes back the way production servers drift from their spec, deterministically, so a
// client can be tested against it. Optional fields come as null instead of absent; fields the spec
// does not know appear, at the top and nested; enums take values the spec does not list; a few
// fields change type (a number as a string, a date as a number, a tag without metadata); the
// creating calls answer 200 where the spec says 201 or 202, a message 202, limits 207; and lists
// cap their pages below the limit asked (DRIFT_MAX_PAGE). The stored data is never changed.
import type { EndpointName } from '../api/endpoints.js';

/** The largest page a list answers in drift mode, whatever limit was asked. */
export const DRIFT_MAX_PAGE = 7;

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const each = (value: unknown, drift: (item: unknown, index: number) => unknown) =>
  Array.isArray(value) ? value.map(drift) : value;

/** Success statuses in drift mode where they differ from the spec's (any 2xx is success). */
const STATUS: Partial<Record<EndpointName, number>> = {
  createSession: 200,
  installDeps: 200,
  addMessage: 202,
  setUserLimits: 207,
};

function session(value: unknown, index: number): unknown {
  if (!isObj(value)) return value;
  const settings = isObj(value.sessionSettings) ? value.sessionSettings : undefined;
  const usage = settings && isObj(settings.tokenUsage) ? settings.tokenUsage : undefined;
  return {
    ...value,
    title: value.title ?? null,
    completedAt: value.completedAt ?? null,
    computerId: index % 5 === 4 ? null : (value.computerId ?? null),
    status: index % 4 === 3 ? 'archived' : value.status,
    origin: { channel: 'api', region: 'eu-west-1' },
    sessionSettings: settings
      ? {
          ...settings,
          reasoningEffort: index % 3 === 0 ? 'ultra' : (settings.reasoningEffort ?? null),
          autonomyMode: settings.autonomyMode ?? null,
          tags: [{ name: 'drift' }],
          memoryEnabled: true,
          ...(usage ? { tokenUsage: { ...usage, serviceCredits: String(usage.serviceCredits ?? 0) } } : {}),
        }
      : null,
  };
}

function computer(value: unknown, index: number): unknown {
  if (!isObj(value)) return value;
  const nullable = ['hostId', 'hostname', 'remoteUser', 'relayClientUrl', 'relayAgentUrl'].map((name) => [
    name,
    value[name] ?? null,
  ]);
  return {
    ...value,
    ...Object.fromEntries(nullable),
    status: value.status === 'error' ? 'degraded' : (value.status ?? null),
    createdAt:
      index === 1 && typeof value.createdAt === 'number' ? new Date(value.createdAt).toISOString() : value.createdAt,
    region: 'eu-west-1',
    provisioningSteps: each(value.provisioningSteps ?? [], (step) =>
      isObj(step) ? { ...step, error: step.error ?? null, completedAt: step.completedAt ?? null, attempt: 1 } : step,
    ),
  };
}

function report(value: unknown, index: number): unknown {
  if (!isObj(value)) return value;
  const model = isObj(value.modelUsed) ? { ...value.modelUsed, reasoningEffort: 'xhigh', provider: 'anthropic' } : null;
  return {
    ...value,
    commitHash: index % 2 === 1 ? null : (value.commitHash ?? null),
    branch: value.branch ?? null,
    modelUsed: index % 3 === 2 ? null : model,
    agentVersion: value.agentVersion ?? null,
    scoreVersion: 2,
    report: {
      ...(isObj(value.report) ? value.report : {}),
      docs_exist: { numerator: '1', denominator: 2, rationale: 'a README, no API docs', weight: 0.5 },
    },
  };
}

function change(value: unknown, index: number): unknown {
  if (!isObj(value)) return value;
  return {
    ...value,
    source: 'api',
    user: isObj(value.user) ? { ...value.user, avatarUrl: null } : value.user,
    updatedAt: index === 0 && typeof value.updatedAt === 'string' ? Date.parse(value.updatedAt) : value.updatedAt,
  };
}

function page(value: Obj, items: string, drift: (item: unknown, index: number) => unknown): Obj {
  const pagination = isObj(value.pagination)
    ? { ...value.pagination, limit: Array.isArray(value[items]) ? value[items].length : null }
    : value.pagination;
  return {
    ...value,
    [items]: each(value[items], drift),
    ...(pagination === undefined ? {} : { pagination }),
    requestId: 'req_drift',
  };
}

const BODIES: { [K in EndpointName]: (value: Obj) => unknown } = {
  listSessions: (value) => page(value, 'sessions', session),
  createSession: (value) => session(value, 0),
  addMessage: (value) => ({
    ...value,
    status: value.status === 'running' ? 'starting' : value.status === 'pending' ? 'queued' : value.status,
    queuePosition: null,
  }),
  listComputers: (value) => page(value, 'computers', computer),
  getComputer: (value) => computer(value, 0),
  updateComputer: (value) => computer(value, 0),
  installDeps: (value) => computer(value, 0),
  listReports: (value) => page(value, 'reports', report),
  listControlChanges: (value) => page(value, 'changes', change),
  setUserLimits: (value) => ({
    ...value,
    updated: each(value.updated, (user) => (isObj(user) ? { ...user, previousLimit: null } : user)),
    errors: each(value.errors, (user) => (isObj(user) ? { ...user, code: 'not_a_member' } : user)),
  }),
};

/** The success answer of `name` as a drifting server sends it. */
export function driftAnswer(name: EndpointName, status: number, value: unknown): { status: number; value: unknown } {
  return { status: STATUS[name] ?? status, value: isObj(value) ? BODIES[name](value) : value };
}
