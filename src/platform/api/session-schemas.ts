// Sessions (spec 2.3, 4.3–4.5): the resource with its settings and token usage, and the requests
// that list and create sessions and add a message. tokenUsage and inclusiveTokenUsage are returned
// by the API only and refused in a request. In answers, every optional field may be null.
import { z } from 'zod';
import { IdSchema, PageLimitSchema, PaginationSchema, nullishShape, openEnum } from './common-schemas.js';

/** Token usage counters; all numbers. */
export const TokenUsageSchema = z.looseObject({
  inputTokens: z.number().nullish(),
  outputTokens: z.number().nullish(),
  cacheCreationTokens: z.number().nullish(),
  cacheReadTokens: z.number().nullish(),
  thinkingTokens: z.number().nullish(),
  serviceCredits: z.number().nullish(),
});

const settingsShape = {
  model: z.string().optional(),
  reasoningEffort: openEnum(['none', 'dynamic', 'off', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']).optional(),
  interactionMode: openEnum(['auto', 'spec', 'agi', 'mission']).optional(),
  autonomyLevel: openEnum(['off', 'low', 'medium', 'high']).optional(),
  autonomyMode: z.string().optional(),
  specModeModel: z.string().optional(),
  specModeReasoningEffort: z.string().optional(),
  providerLock: z.string().optional(),
  providerLockTimestamp: z.string().optional(),
  apiProviderLock: z.string().optional(),
  assistantActiveTimeMs: z.number().optional(),
  childInclusiveTokenUsageBySessionId: z.record(z.string(), TokenUsageSchema).optional(),
  archivedAt: z.string().optional(),
  tags: z.array(z.looseObject({ name: z.string(), metadata: z.record(z.string(), z.unknown()) })).optional(),
  enabledToolIds: z.array(z.string()).optional(),
  disabledToolIds: z.array(z.string()).optional(),
};

/** Session settings as the API returns them; a tag may come without its metadata. */
export const SessionSettingsSchema = z.looseObject({
  ...nullishShape(settingsShape),
  tags: z.array(z.looseObject({ name: z.string(), metadata: z.record(z.string(), z.unknown()).nullish() })).nullish(),
  tokenUsage: TokenUsageSchema.nullish(),
  inclusiveTokenUsage: TokenUsageSchema.nullish(),
});

const RETURNED_ONLY = ['tokenUsage', 'inclusiveTokenUsage'] as const;

/** Session settings in a request: the same fields, without the returned-only token usage. */
export const SessionSettingsInputSchema = z.looseObject(settingsShape).superRefine((value, ctx) => {
  for (const key of RETURNED_ONLY) {
    if (key in value)
      ctx.addIssue({ code: 'custom', path: [key], message: 'is returned by the API only; remove it from the request' });
  }
});

/** A session (spec 2.3). */
export const SessionSchema = z.looseObject({
  sessionId: z.string(),
  status: openEnum(['idle', 'pending', 'running']),
  messageCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  title: z.string().nullish(),
  completedAt: z.number().int().nullish(),
  computerId: z.string().nullish(),
  sessionSettings: SessionSettingsSchema.nullish(),
});

/** Query of `GET /api/v0/sessions`. */
export const ListSessionsQuerySchema = z.strictObject({
  limit: PageLimitSchema.optional(),
  cursor: IdSchema.optional(),
  computerId: IdSchema.optional(),
});

/** Response of `GET /api/v0/sessions`. */
export const SessionPageSchema = z.looseObject({ sessions: z.array(SessionSchema), pagination: PaginationSchema });

/** Body of `POST /api/v0/sessions`. */
export const CreateSessionRequestSchema = z.strictObject({
  computerId: IdSchema,
  cwd: z.string().min(1, 'expected 1 to 4096 characters').max(4096, 'expected 1 to 4096 characters').optional(),
  sessionSettings: SessionSettingsInputSchema.optional(),
});

export type Session = z.infer<typeof SessionSchema>;
export type SessionSettings = z.infer<typeof SessionSettingsSchema>;
export type SessionPage = z.infer<typeof SessionPageSchema>;
export type ListSessionsQuery = z.input<typeof ListSessionsQuerySchema>;
export type CreateSessionRequest = z.input<typeof CreateSessionRequestSchema>;
