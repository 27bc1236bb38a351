// `hookd reports list`: the readiness reports of the organization's repositories.
import { collect, walkReports } from '../api/walk-pages.js';
import type { ReadinessReport } from '../api/organization-schemas.js';
import { listReports } from '../api/endpoints.js';
import { connectApi } from './api-connect.js';
import { hint, printJson, printTable, showTime } from './api-output.js';

export interface ReportsOptions {
  repo?: string;
  limit?: string;
  startAfter?: string;
  all?: boolean;
  json?: boolean;
}

/** Passing sub-applications over evaluated ones, across every criterion. */
function score(report: ReadinessReport): string {
  let passed = 0;
  let total = 0;
  for (const criterion of Object.values(report.report)) {
    passed += criterion.numerator;
    total += criterion.denominator;
  }
  return total === 0 ? '' : `${passed}/${total}`;
}

function printReports(reports: ReadinessReport[]): void {
  const rows = reports.map((r) => [r.reportId, showTime(r.createdAt), r.repoUrl, r.branch ?? '', score(r)]);
  printTable(['REPORT', 'CREATED', 'REPOSITORY', 'BRANCH', 'SCORE'], rows, 'no reports');
}

/** List one page of reports, or all of them with --all. */
export async function reportsList(options: ReportsOptions): Promise<void> {
  const client = connectApi();
  const query = { repoId: options.repo, limit: options.limit, startAfter: options.startAfter };
  if (options.all) {
    const reports = await collect(walkReports(client, query));
    return options.json ? printJson({ reports }) : printReports(reports);
  }
  const page = await client.call(listReports, { query });
  if (options.json) return printJson(page);
  printReports(page.reports);
  // No last-page signal, and a server may cap its pages below the limit: any page may have a next.
  const last = page.reports.at(-1);
  if (last) hint(`more reports may follow: add --start-after ${last.reportId}, or --all`);
}
