// Organization resources (spec 2.1, 2.5, 2.6, 4.1, 4.2, 4.10): readiness reports, the history of
// enterprise controls, and per-user credit limits. Enterprise `settings` is a generic JSON object:
// its properties change between API versions.
import { z } from 'zod';
import { IdSchema, PageLimitSchema, PaginationSchema, PositiveLimitSchema, openEnum } from './common-schemas.js';

/** One criterion's evaluation: `numerator` of `denominator` sub-applications passed. */
export const CriterionSchema = z.looseObject({ numerator: z.number(), denominator: z.number(), rationale: z.string() });

/** A readiness report of one repository. */
export const ReadinessReportSchema = z.looseObject({
  reportId: z.string(),
  createdAt: z.number(),
  repoUrl: z.string(),
  apps: z.record(z.string(), z.looseObject({ description: z.string() })),
  report: z.record(z.string(), CriterionSchema),
  commitHash: z.string().nullish(),
  branch: z.string().nullish(),
  hasLocalChanges: z.boolean().nullish(),
  hasNonRemoteCommits: z.boolean().nullish(),
  modelUsed: z.looseObject({ id: z.string(), reasoningEffort: openEnum(['low', 'medium', 'high', 'off']) }).nullish(),
  agentVersion: z.string().nullish(),
});

/** Query of the readiness endpoint. */
export const ListReportsQuerySchema = z.strictObject({
  repoId: IdSchema.optional(),
  limit: PositiveLimitSchema.optional(),
  startAfter: IdSchema.optional(),
});

/** Response of the readiness endpoint (no last-page signal: a short page ends the walk). */
export const ReportListSchema = z.looseObject({ reports: z.array(ReadinessReportSchema) });

/** One change of the organization-wide settings. */
export const ControlChangeSchema = z.looseObject({
  revision: z.number().int(),
  settings: z.record(z.string(), z.unknown()),
  user: z.looseObject({ id: z.string(), email: z.string(), name: z.string() }),
  updatedAt: z.string(),
});

/** Query of the enterprise-control history. */
export const ListChangesQuerySchema = z.strictObject({
  limit: PageLimitSchema.optional(),
  cursor: IdSchema.optional(),
});

/** Response of the enterprise-control history, by revision, newest first. */
export const ChangePageSchema = z.looseObject({ changes: z.array(ControlChangeSchema), pagination: PaginationSchema });

/** One user's credit limit; `null` removes the user's override. */
export const UserLimitSchema = z.strictObject({
  email: z.email({ error: 'expected an e-mail address' }),
  // A refine, not .int(): zod reports .int() as a type error that reads badly.
  limit: z
    .number({ error: 'expected a whole number of credits or null' })
    .refine((value) => Number.isSafeInteger(value) && value >= 0, 'expected a whole number of credits, 0 or more')
    .nullable(),
});

/** Body of `PUT /api/v0/organization/usage/limits/users`: 1 to 100 users. */
export const SetLimitsRequestSchema = z.strictObject({
  users: z
    .array(UserLimitSchema)
    .min(1, 'expected 1 to 100 users')
    .max(100, 'expected 1 to 100 users (send more in batches)'),
});

/** Partial success is normal: updated users and per-user errors both come back with 200. */
export const SetLimitsResultSchema = z.looseObject({
  updated: z.array(z.looseObject({ email: z.string(), limit: z.number().nullish() })),
  errors: z.array(z.looseObject({ email: z.string(), error: z.string() })),
});

export type ReadinessReport = z.infer<typeof ReadinessReportSchema>;
export type ListReportsQuery = z.input<typeof ListReportsQuerySchema>;
export type ControlChange = z.infer<typeof ControlChangeSchema>;
export type ChangePage = z.infer<typeof ChangePageSchema>;
export type ListChangesQuery = z.input<typeof ListChangesQuerySchema>;
export type UserLimit = z.infer<typeof UserLimitSchema>;
export type SetLimitsResult = z.infer<typeof SetLimitsResultSchema>;
