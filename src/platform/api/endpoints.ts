// Every endpoint of the platform API (spec section 4), each described once: method, host, path,
// schemas, status of success, and whether the daemon's proxy forwards it. The client sends from
// this table, the commands build their requests for it, the proxy mounts its `proxy` entries and
// the emulator serves every entry.
import { z } from 'zod';
import { MIB } from '../../common/show-size.js';
import { defineEndpoint } from './endpoint.js';
import { pathIdSchema } from './common-schemas.js';
import {
  CreateSessionRequestSchema,
  ListSessionsQuerySchema,
  SessionPageSchema,
  SessionSchema,
} from './session-schemas.js';
import { MessageRequestSchema, MessageResultSchema } from './message-schemas.js';
import { ComputerListSchema, ComputerSchema, UpdateComputerRequestSchema } from './computer-schemas.js';
import * as O from './organization-schemas.js';

const sessionPath = z.strictObject({ sessionId: pathIdSchema('session id') });
const computerPath = z.strictObject({ computerId: pathIdSchema('computer id') });

/** 4.3: one page of sessions. */
export const listSessions = defineEndpoint({
  name: 'sessions list',
  method: 'GET',
  host: 'api',
  path: '/api/v0/sessions',
  query: ListSessionsQuerySchema,
  answer: SessionPageSchema,
  status: 200,
  proxy: { maxBody: 0 },
});

/** 4.4: create a session bound to a computer. */
export const createSession = defineEndpoint({
  name: 'sessions create',
  method: 'POST',
  host: 'api',
  path: '/api/v0/sessions',
  body: CreateSessionRequestSchema,
  answer: SessionSchema,
  status: 201,
  proxy: { maxBody: MIB },
  check: 'hookd api sessions list (newest first)',
});

/** 4.5: add a user message to a session (messages carry base64 attachments: a larger cap). */
export const addMessage = defineEndpoint({
  name: 'sessions message',
  method: 'POST',
  host: 'api',
  path: '/api/v0/sessions/:sessionId/messages',
  params: sessionPath,
  body: MessageRequestSchema,
  answer: MessageResultSchema,
  status: 200,
  proxy: { maxBody: 25 * MIB },
  check: "hookd api sessions list (the session's message count)",
});

/** 4.6: every computer, newest first. */
export const listComputers = defineEndpoint({
  name: 'computers list',
  method: 'GET',
  host: 'api',
  path: '/api/v0/computers',
  answer: ComputerListSchema,
  status: 200,
});

/** 4.7: one computer. */
export const getComputer = defineEndpoint({
  name: 'computers get',
  method: 'GET',
  host: 'api',
  path: '/api/v0/computers/:computerId',
  params: computerPath,
  answer: ComputerSchema,
  status: 200,
});

/** 4.8: change a computer's name, hostId or remoteUser. */
export const updateComputer = defineEndpoint({
  name: 'computers update',
  method: 'PATCH',
  host: 'api',
  path: '/api/v0/computers/:computerId',
  params: computerPath,
  body: UpdateComputerRequestSchema,
  answer: ComputerSchema,
  status: 200,
  check: 'hookd api computers get :computerId',
});

/** 4.9: retry the install-dependencies step (409 when one is already running). */
export const installDeps = defineEndpoint({
  name: 'computers install-deps',
  method: 'POST',
  host: 'api',
  path: '/api/v0/computers/:computerId/install-deps',
  params: computerPath,
  answer: ComputerSchema,
  status: 202,
  check: 'hookd api computers get :computerId (its provisioning steps)',
});

/** 4.1: one page of readiness reports, from the app host; the old path answers 308 to the new one. */
export const listReports = defineEndpoint({
  name: 'reports list',
  method: 'GET',
  host: 'app',
  path: '/api/organization/maturity-level-reports',
  movedTo: '/api/organization/agent-readiness-reports',
  query: O.ListReportsQuerySchema,
  answer: O.ReportListSchema,
  status: 200,
});

/** 4.2: one page of enterprise-control changes, by revision, newest first. */
export const listControlChanges = defineEndpoint({
  name: 'controls history',
  method: 'GET',
  host: 'api',
  path: '/api/v0/organization/enterprise-controls/history',
  query: O.ListChangesQuerySchema,
  answer: O.ChangePageSchema,
  status: 200,
});

/** 4.10: set the credit limits of 1 to 100 users; per-user failures come back in `errors`. */
export const setUserLimits = defineEndpoint({
  name: 'limits set',
  method: 'PUT',
  host: 'api',
  path: '/api/v0/organization/usage/limits/users',
  body: O.SetLimitsRequestSchema,
  answer: O.SetLimitsResultSchema,
  status: 200,
});

/** Every endpoint by name, in the order of the spec's resources. */
export const ENDPOINTS = {
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
} as const;

/** The name of an endpoint in ENDPOINTS. */
export type EndpointName = keyof typeof ENDPOINTS;
