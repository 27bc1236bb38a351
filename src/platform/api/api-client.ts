// The typed client of the platform API. A request is checked strictly against its endpoint's
// schemas before anything is sent (a bad one is refused locally with a UsageError); the answer is
// read tolerantly: any 2xx is success, the body is kept as sent, and where it drifted from the
// spec a warning goes to `onWarning` (read-answer.ts). Any other status becomes an ApiError in the
// one voice (api-error.ts). `read` gives the answer as sent; `call` and the named methods its value.
import type { Dispatcher } from 'undici';
import { HookdError } from '../../common/errors.js';
import { ApiError, toApiError } from './api-error.js';
import { readBody } from './read-answer.js';
import { sendRequest, type Call, type CallOptions, type Reply } from './send-request.js';
import { clientDispatcher } from './client-dispatcher.js';
import { DEFAULT_RETRY, type RetryOptions } from './retry-policy.js';
import type { Answer, Endpoint, Input, QueryInput } from './endpoint.js';
import * as E from './endpoints.js';
import { basesOf, resolveTarget, type ApiBases } from './api-hosts.js';
import { buildCall } from './build-call.js';
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
  /** How long each attempt may wait for an answer, in ms (default 30 s). */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  userAgent?: string;
  /** How a connection failure names the server (e.g. the daemon's socket). */
  target?: string;
  /** Who sends the key, for the hint of a 401 or 403: this process (default) or the daemon. */
  keyHolder?: 'here' | 'daemon';
  /** Where warnings go about answers that drifted from the spec (default: nowhere); `key` is the same for the same drift on every page. */
  onWarning?: (text: string, key?: string) => void;
}

/** A success answer: its status, the body as sent, and its JSON value (undefined without one). */
export interface Answered<T> {
  status: number;
  body: Buffer;
  value: T | undefined;
}

/** Result of a retry of install-deps: started (any 2xx), or one was already running (409). */
export type InstallResult =
  { started: true; status: number; body: Buffer; computer: Computer | undefined } | { started: false; detail: string };

const isSuccess = (status: number) => status >= 200 && status < 300;

/** A client of the platform API. */
export class ApiClient {
  private readonly options: CallOptions;
  private readonly bases: ApiBases;
  private readonly keyHolder: 'here' | 'daemon';
  private readonly onWarning: (text: string, key?: string) => void;

  constructor(options: ClientOptions) {
    this.bases = basesOf(options.apiUrl, options.appUrl);
    this.keyHolder = options.keyHolder ?? 'here';
    this.onWarning = options.onWarning ?? (() => undefined);
    this.options = {
      dispatcher: clientDispatcher({ ...DEFAULT_RETRY, ...options.retry }, options.dispatcher),
      timeoutMs: options.timeoutMs ?? 30_000,
      apiKey: options.apiKey,
      userAgent: options.userAgent ?? 'hookd',
      ...(options.target ? { target: options.target } : {}),
    };
  }

  /** Say that an answer differs from the spec (stderr, for the commands). */
  warn(text: string, key?: string): void {
    this.onWarning(text, key);
  }

  /** The URL of `target`, a path or a URL of one of the two hosts (api-hosts.ts). */
  resolve(target: string): URL {
    return resolveTarget(this.bases, target);
  }

  /** Send one call as it is and return the answer, whatever its status. */
  request(call: Call): Promise<Reply> {
    return sendRequest(call, this.options);
  }

  /** The error of a non-2xx answer to `call`, in the one voice. */
  errorOf(call: Call, reply: Reply): ApiError {
    const retryAfter = reply.headers['retry-after'];
    return toApiError({
      method: call.method,
      url: call.url,
      status: reply.status,
      statusText: reply.statusText,
      body: reply.body,
      ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
      keyHolder: this.keyHolder,
      apiBasePath: new URL(this.bases.api).pathname,
      check: call.check,
    });
  }

  /** Check `input` for `endpoint` and send it; the answer comes back whatever its status. */
  async send<T extends Endpoint>(endpoint: T, input: Input<T>): Promise<{ call: Call; reply: Reply }> {
    const call = buildCall(this.bases, endpoint, input);
    return { call, reply: await this.request(call) };
  }

  /** Call `endpoint`: any 2xx is read tolerantly (warnings to onWarning); any other status throws an ApiError. */
  async read<T extends Endpoint>(endpoint: T, input: Input<T>): Promise<Answered<Answer<T>>> {
    const { call, reply } = await this.send(endpoint, input);
    if (!isSuccess(reply.status)) throw this.errorOf(call, reply);
    const read = readBody(endpoint.answer, reply.status, reply.body, endpoint.name);
    if (!read.ok) {
      const said = `${endpoint.name}: the API answered HTTP ${reply.status}, but not with JSON: ${read.excerpt}`;
      // A read that brought nothing readable failed; a change the API accepted did not.
      if (endpoint.method === 'GET') throw new HookdError('EAPI_RESPONSE', said);
      this.warn(`${said}; the request was accepted${call.check ? `: ${call.check} shows it` : ''}`);
      return { status: reply.status, body: reply.body, value: undefined };
    }
    for (const warning of read.warnings) this.warn(warning.text, warning.key);
    return { status: reply.status, body: reply.body, value: read.value as Answer<T> | undefined };
  }

  /** Call `endpoint`; resolves with its answer's value (an answer without one is an error here). */
  async call<T extends Endpoint>(endpoint: T, input: Input<T>): Promise<Answer<T>> {
    const answered = await this.read(endpoint, input);
    if (answered.value === undefined)
      throw new HookdError(
        'EAPI_RESPONSE',
        `${endpoint.name}: the answer (HTTP ${answered.status}) holds no JSON value`,
      );
    return answered.value;
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
      const answered = await this.read(E.installDeps, { params: { computerId } });
      return { started: true, status: answered.status, body: answered.body, computer: answered.value };
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
