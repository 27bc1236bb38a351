// The emulator's organization routes: readiness reports (newest first, `startAfter` a reportId,
// `repoId` filter), the enterprise-control history (by revision, descending, cursor pages), and
// user credit limits with partial success (addresses outside the member domain fail per user).
import type { ControlChange } from '../api/organization-schemas.js';
import { sendError } from '../../http/answers.js';
import { byNewest, type StoredReport } from './emulator-data.js';
import { cursorPage, pageSize, type EndpointContext, type Request } from './emulator-http.js';

/** Per-user overrides set through the API (email → limit). */
const limitsByData = new WeakMap<object, Map<string, number>>();

/** GET {app_url}/api/organization/agent-readiness-reports (the old path redirects here). */
export function listReports(ctx: EndpointContext, { query }: Request<'listReports'>): void {
  const all = ctx.data.reports
    .filter((report) => !query.repoId || report.repoId === query.repoId)
    .sort(byNewest((r: StoredReport) => r.reportId));
  let start = 0;
  if (query.startAfter !== undefined) {
    const index = all.findIndex((report) => report.reportId === query.startAfter);
    if (index < 0)
      return sendError(
        ctx.res,
        400,
        `query: startAfter: no report ${query.startAfter}; pass the reportId of the last report of the previous page`,
      );
    start = index + 1;
  }
  ctx.answer({ reports: all.slice(start, start + pageSize(ctx, query.limit)) });
}

/** GET /api/v0/organization/enterprise-controls/history */
export function listControlChanges(ctx: EndpointContext, { query }: Request<'listControlChanges'>): void {
  const all = [...ctx.data.changes].sort((a: ControlChange, b: ControlChange) => b.revision - a.revision);
  const result = cursorPage(ctx, all, (change) => String(change.revision), pageSize(ctx, query.limit), query.cursor);
  if (result) ctx.answer({ changes: result.page, pagination: result.pagination });
}

/** PUT /api/v0/organization/usage/limits/users */
export function setUserLimits(ctx: EndpointContext, { body }: Request<'setUserLimits'>): void {
  let limits = limitsByData.get(ctx.data);
  if (!limits) limitsByData.set(ctx.data, (limits = new Map()));
  const domain = `@${ctx.data.memberDomain.toLowerCase()}`;
  const updated: { email: string; limit: number | null }[] = [];
  const errors: { email: string; error: string }[] = [];
  for (const { email, limit } of body.users) {
    if (!email.toLowerCase().endsWith(domain))
      errors.push({ email, error: 'no member of the organization has this e-mail address' });
    else {
      if (limit === null) limits.delete(email.toLowerCase());
      else limits.set(email.toLowerCase(), limit);
      updated.push({ email, limit });
    }
  }
  ctx.answer({ updated, errors });
}
