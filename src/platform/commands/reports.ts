// `hookd api reports list`: the readiness reports of the organization's repositories.
import { PAGE_RULES, REPORTS_WALK_LIMIT, walkPages } from '../api/walk-pages.js';
import { listReports } from '../api/endpoints.js';
import { connectApi, type ConnectOptions } from './api-connect.js';
import { cell, field, hint, list, printAnswer, printTable, shellWord, showTime } from './api-output.js';
import { printWalk, type ListingSpec } from './api-listing.js';

export interface ReportsOptions extends ConnectOptions {
  repo?: string;
  limit?: string;
  startAfter?: string;
  all?: boolean;
  json?: boolean;
}

/** Passing sub-applications over evaluated ones, across every criterion (criteria that drifted are left out). */
function score(report: unknown): string {
  let passed = 0;
  let total = 0;
  const criteria = field(report, 'report');
  for (const criterion of typeof criteria === 'object' && criteria !== null ? Object.values(criteria) : []) {
    const numerator = field(criterion, 'numerator');
    const denominator = field(criterion, 'denominator');
    if (typeof numerator !== 'number' || typeof denominator !== 'number') continue;
    passed += numerator;
    total += denominator;
  }
  return total === 0 ? '' : `${passed}/${total}`;
}

const LISTING: ListingSpec = {
  noun: 'reports',
  resumeFlag: '--start-after',
  headers: ['REPORT', 'CREATED', 'REPOSITORY', 'BRANCH', 'SCORE'],
  empty: 'no reports',
  row: (r) => [
    cell(field(r, 'reportId')),
    showTime(field(r, 'createdAt')),
    cell(field(r, 'repoUrl'), 80),
    cell(field(r, 'branch'), 40),
    score(r),
  ],
};

/** List one page of reports, or all of them with --all (each page printed as it arrives). */
export async function reportsList(options: ReportsOptions): Promise<void> {
  const client = connectApi(options);
  const query = { repoId: options.repo, limit: options.limit, startAfter: options.startAfter };
  if (options.all) {
    const limit = options.limit ?? REPORTS_WALK_LIMIT;
    const pages = walkPages(
      (startAfter) => client.read(listReports, { query: { ...query, limit, startAfter } }),
      PAGE_RULES.listReports,
      options.startAfter,
      listReports.name,
      (text) => client.warn(text),
    );
    return printWalk(pages, LISTING, options.json);
  }
  const page = await client.read(listReports, { query });
  if (options.json) return printAnswer(page);
  const reports = list(field(page.value, 'reports'));
  printTable(LISTING.headers, reports.map(LISTING.row), LISTING.empty);
  // No last-page signal: a page as long as the limit asked (or any page, without a limit) may have
  // a next one. A shorter page is taken as the last, as the platform's documentation says.
  const last = field(reports.at(-1), 'reportId');
  const full = options.limit === undefined || reports.length >= Number(options.limit);
  if (typeof last === 'string' && last !== '' && full)
    hint(`more reports may follow: add --start-after ${shellWord(last)}, or --all`);
}
