// The typed client of the platform API. Each method checks its request against the spec's rules
// before anything is sent (a bad request is refused locally with a UsageError), sends it, and
// checks the answer; an error answer becomes an ApiError (`title: detail (HTTP status)`).
import type { z } from 'zod';
import { HookdError, UsageError } from '../common/errors.js';
import { formatIssues } from '../common/format-issues.js';
import { checkRequest } from './check-request.js';
import { ApiError, toApiError } from './api-error.js';
import { sendRequest, type CallOptions } from './send-request.js';
import { fetchTransport, type Transport } from './transports.js';
import { DEFAULT_RETRY, type RetryOptions } from './retry-policy.js';
import * as S from './session-schemas.js';
import * as M from './message-schemas.js';
import * as C from './computer-schemas.js';
import * as O from './organization-schemas.js';

export interface ClientOptions {
  apiUrl: string;
  appUrl?: string;
  apiKey?: string | undefined;
  transport?: Transport;
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  userAgent?: string;
  /** How a connection failure names the server (e.g. the daemon's socket). */
  target?: string;
}

/** Result of a retry of install-deps: started (202), or one was already running (409). */
export type InstallResult = { started: true; computer: C.Computer } | { started: false; detail: string };

type Params = Record<string, string | number | undefined>;

function stringParams(params: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (value !== undefined) out[name] = String(value);
  return out;
}

function accept<T>(checked: { ok: true; value: T } | { ok: false; problems: string[] }): T {
  if (!checked.ok) throw new UsageError(checked.problems.join('\n'));
  return checked.value;
}

/** A client of the platform API. */
export class ApiClient {
  private readonly call: CallOptions;
  private readonly apiUrl: string;
  private readonly appUrl: string;

  constructor(options: ClientOptions) {
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.appUrl = (options.appUrl ?? options.apiUrl).replace(/\/+$/, '');
    this.call = {
      transport: options.transport ?? fetchTransport,
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      apiKey: options.apiKey,
      userAgent: options.userAgent ?? 'hookd',
      ...(options.target ? { target: options.target } : {}),
    };
  }

  private async request<R extends z.ZodType>(method: string, url: URL, schema: R, body?: unknown, expect: readonly number[] = [200]): Promise<z.output<R>> {
    const response = await sendRequest({ method, url, body }, this.call);
    if (!expect.includes(response.status)) throw toApiError(response.status, response.body);
    let data: unknown;
    try {
      data = JSON.parse(response.body);
    } catch {
      throw new HookdError('EAPI_RESPONSE', `${method} ${url.pathname}: the answer (HTTP ${response.status}) is not JSON`);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new HookdError('EAPI_RESPONSE', `${method} ${url.pathname}: unexpected answer:\n${formatIssues(parsed.error.issues, 'response').join('\n')}`);
    }
    return parsed.data;
  }

  private url(base: string, path: string, query: Record<string, string> = {}): URL {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  /** One page of sessions (`GET /api/v0/sessions`). */
  async listSessions(query: { limit?: number | string; cursor?: string; computerId?: string } = {}): Promise<S.SessionPage> {
    const params = accept(checkRequest(S.ListSessionsQuerySchema, stringParams(query), 'sessions list'));
    return this.request('GET', this.url(this.apiUrl, '/api/v0/sessions', params), S.SessionPageSchema);
  }

  /** Create a session bound to a computer (201). */
  async createSession(body: S.CreateSessionRequest): Promise<S.Session> {
    const value = accept(checkRequest(S.CreateSessionRequestSchema, body, 'session'));
    return this.request('POST', this.url(this.apiUrl, '/api/v0/sessions'), S.SessionSchema, value, [201]);
  }

  /** Add a user message to a session; answers the agent's status after submission. */
  async addMessage(sessionId: string, body: M.MessageRequest): Promise<M.MessageResult> {
    if (sessionId === '') throw new UsageError('session id: expected a non-empty id');
    const value = accept(checkRequest(M.MessageRequestSchema, body, 'message'));
    return this.request('POST', this.url(this.apiUrl, `/api/v0/sessions/${encodeURIComponent(sessionId)}/messages`), M.MessageResultSchema, value);
  }

  /** Every computer, newest first. */
  async listComputers(): Promise<z.output<typeof C.ComputerListSchema>> {
    return this.request('GET', this.url(this.apiUrl, '/api/v0/computers'), C.ComputerListSchema);
  }

  /** One computer. */
  async getComputer(id: string): Promise<C.Computer> {
    if (id === '') throw new UsageError('computer id: expected a non-empty id');
    return this.request('GET', this.url(this.apiUrl, `/api/v0/computers/${encodeURIComponent(id)}`), C.ComputerSchema);
  }

  /** Change a computer's name, hostId or remoteUser. */
  async updateComputer(id: string, body: C.UpdateComputerRequest): Promise<C.Computer> {
    if (id === '') throw new UsageError('computer id: expected a non-empty id');
    const value = accept(checkRequest(C.UpdateComputerRequestSchema, body, 'computer update'));
    return this.request('PATCH', this.url(this.apiUrl, `/api/v0/computers/${encodeURIComponent(id)}`), C.ComputerSchema, value);
  }

  /** Retry the install-dependencies step; a 409 (already running) is a result, not an error. */
  async installDeps(id: string): Promise<InstallResult> {
    if (id === '') throw new UsageError('computer id: expected a non-empty id');
    try {
      const computer = await this.request('POST', this.url(this.apiUrl, `/api/v0/computers/${encodeURIComponent(id)}/install-deps`), C.ComputerSchema, undefined, [202]);
      return { started: true, computer };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return { started: false, detail: error.detail };
      throw error;
    }
  }

  /** One page of readiness reports, from the app host. */
  async listReports(query: { repoId?: string; limit?: number | string; startAfter?: string } = {}): Promise<z.output<typeof O.ReportListSchema>> {
    const params = accept(checkRequest(O.ListReportsQuerySchema, stringParams(query), 'reports list'));
    return this.request('GET', this.url(this.appUrl, '/api/organization/maturity-level-reports', params), O.ReportListSchema);
  }

  /** One page of enterprise-control changes, by revision, newest first. */
  async listControlChanges(query: { limit?: number | string; cursor?: string } = {}): Promise<O.ChangePage> {
    const params = accept(checkRequest(O.ListChangesQuerySchema, stringParams(query), 'controls history'));
    return this.request('GET', this.url(this.apiUrl, '/api/v0/organization/enterprise-controls/history', params), O.ChangePageSchema);
  }

  /** Set the credit limits of 1 to 100 users; per-user failures come back in `errors`. */
  async setUserLimits(users: readonly O.UserLimit[]): Promise<O.SetLimitsResult> {
    const value = accept(checkRequest(O.SetLimitsRequestSchema, { users }, 'limits'));
    return this.request('PUT', this.url(this.apiUrl, '/api/v0/organization/usage/limits/users'), O.SetLimitsResultSchema, value);
  }
}
