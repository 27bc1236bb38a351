// The typed client of the platform API. `call` takes an endpoint of src/api/endpoints.ts and a
// request for it: the request is checked against the endpoint's schemas before anything is sent (a
// bad request is refused locally with a UsageError), sent, and the answer checked; an error answer
// becomes an ApiError (`title: detail (HTTP status)`). The named methods are typed shorthands.
import type { Dispatcher } from 'undici';
import { HookdError, UsageError } from '../common/errors.js';
import { formatIssues } from '../common/format-issues.js';
import { checkCall } from './check-request.js';
import { ApiError, toApiError } from './api-error.js';
import { sendRequest, type CallOptions } from './send-request.js';
import { clientDispatcher } from './client-dispatcher.js';
import { DEFAULT_RETRY, type RetryOptions } from './retry-policy.js';
import { fillPath, type Answer, type Endpoint, type Input, type QueryInput } from './endpoint.js';
import * as E from './endpoints.js';
import type { Computer, UpdateComputerRequest } from './computer-schemas.js';
import type { CreateSessionRequest } from './session-schemas.js';
import type { MessageRequest } from './message-schemas.js';
import type { UserLimit } from './organization-schemas.js';

/** Where the API is, the key, and how calls are sent. */
export interface ClientOptions {
  apiUrl: string;
  appUrl?: string;
  apiKey?: string | undefined;
  /** Where connections come from (the daemon's socket); a new undici Agent by default. */
  dispatcher?: Dispatcher;
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  userAgent?: string;
  /** How a connection failure names the server (e.g. the daemon's socket). */
  target?: string;
}

/** Result of a retry of install-deps: started (202), or one was already running (409). */
export type InstallResult = { started: true; computer: Computer } | { started: false; detail: string };

/** A client of the platform API. */
export class ApiClient {
  private readonly options: CallOptions;
  private readonly bases: Record<Endpoint['host'], string>;

  constructor(options: ClientOptions) {
    const apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.bases = { api: apiUrl, app: (options.appUrl ?? apiUrl).replace(/\/+$/, '') };
    this.options = {
      dispatcher: clientDispatcher({ ...DEFAULT_RETRY, ...options.retry }, options.dispatcher),
      timeoutMs: options.timeoutMs ?? 30_000,
      apiKey: options.apiKey,
      userAgent: options.userAgent ?? 'hookd',
      ...(options.target ? { target: options.target } : {}),
    };
  }

  /** Call `endpoint` with `input`; resolves with its checked answer. */
  async call<T extends Endpoint>(endpoint: T, input: Input<T>): Promise<Answer<T>> {
    const checked = checkCall(endpoint, input as Parameters<typeof checkCall>[1]);
    if (!checked.ok) throw new UsageError(checked.problems.join('\n'));
    const url = new URL(`${this.bases[endpoint.host]}${fillPath(endpoint.path, checked.value.params as Record<string, string>)}`);
    for (const [name, value] of Object.entries(checked.value.query as Record<string, string>)) url.searchParams.set(name, value);
    const what = `${endpoint.method} ${url.pathname}`;
    const reply = await sendRequest({ method: endpoint.method, url, body: checked.value.body }, this.options);
    if (reply.status !== endpoint.status) throw toApiError(reply.status, reply.body);
    let data: unknown;
    try {
      data = JSON.parse(reply.body);
    } catch {
      throw new HookdError('EAPI_RESPONSE', `${what}: the answer (HTTP ${reply.status}) is not JSON`);
    }
    const parsed = endpoint.answer.safeParse(data);
    if (!parsed.success) throw new HookdError('EAPI_RESPONSE', `${what}: unexpected answer:\n${formatIssues(parsed.error.issues, 'response').join('\n')}`);
    return parsed.data as Answer<T>;
  }

  /** One page of sessions. */
  listSessions(query: QueryInput<typeof E.listSessions.query> = {}) {
    return this.call(E.listSessions, { query });
  }

  /** Create a session bound to a computer. */
  createSession(body: CreateSessionRequest) {
    return this.call(E.createSession, { body });
  }

  /** Add a user message to a session; answers the agent's status after submission. */
  addMessage(sessionId: string, body: MessageRequest) {
    return this.call(E.addMessage, { params: { sessionId }, body });
  }

  /** Every computer, newest first. */
  listComputers() {
    return this.call(E.listComputers, {});
  }

  /** One computer. */
  getComputer(computerId: string) {
    return this.call(E.getComputer, { params: { computerId } });
  }

  /** Change a computer's name, hostId or remoteUser. */
  updateComputer(computerId: string, body: UpdateComputerRequest) {
    return this.call(E.updateComputer, { params: { computerId }, body });
  }

  /** Retry the install-dependencies step; a 409 (already running) is a result, not an error. */
  async installDeps(computerId: string): Promise<InstallResult> {
    try {
      return { started: true, computer: await this.call(E.installDeps, { params: { computerId } }) };
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return { started: false, detail: error.detail };
      throw error;
    }
  }

  /** One page of readiness reports, from the app host. */
  listReports(query: QueryInput<typeof E.listReports.query> = {}) {
    return this.call(E.listReports, { query });
  }

  /** One page of enterprise-control changes, by revision, newest first. */
  listControlChanges(query: QueryInput<typeof E.listControlChanges.query> = {}) {
    return this.call(E.listControlChanges, { query });
  }

  /** Set the credit limits of 1 to 100 users; per-user failures come back in `errors`. */
  setUserLimits(users: readonly UserLimit[]) {
    return this.call(E.setUserLimits, { body: { users: [...users] } });
  }
}
