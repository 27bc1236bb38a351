// `hookd controls history`: changes to the organization-wide settings, newest revision first.
import { PAGE_RULES, walkPages } from '../api/walk-pages.js';
import { listControlChanges } from '../api/endpoints.js';
import { connectApi, type ConnectOptions } from './api-connect.js';
import { cell, field, hint, list, printAnswer, printTable, shellWord, showTime } from './api-output.js';
import { printWalk, type ListingSpec } from './api-listing.js';

export interface ControlsOptions extends ConnectOptions {
  limit?: string;
  cursor?: string;
  all?: boolean;
  json?: boolean;
}

/** The names of the settings a change holds (the object's properties change between API versions). */
function settingNames(change: unknown): string {
  const settings = field(change, 'settings');
  return typeof settings === 'object' && settings !== null && !Array.isArray(settings) ? cell(Object.keys(settings).join(', '), 60) : cell(settings, 60);
}

const LISTING: ListingSpec = {
  noun: 'changes',
  resumeFlag: '--cursor',
  headers: ['REVISION', 'UPDATED', 'BY', 'SETTINGS'],
  empty: 'no changes',
  // updatedAt is an ISO date in the spec; one that drifted to Unix milliseconds reads the same.
  row: (c) => [cell(field(c, 'revision')), showTime(field(c, 'updatedAt')), cell(field(c, 'user', 'email'), 60), settingNames(c)],
};

/** List one page of changes, or all of them with --all (each page printed as it arrives). */
export async function controlsHistory(options: ControlsOptions): Promise<void> {
  const client = connectApi(options);
  const query = { limit: options.limit, cursor: options.cursor };
  if (options.all) {
    const pages = walkPages((cursor) => client.read(listControlChanges, { query: { ...query, cursor } }), PAGE_RULES.listControlChanges, options.cursor, listControlChanges.name, (text) => client.warn(text));
    return printWalk(pages, LISTING, options.json);
  }
  const page = await client.read(listControlChanges, { query });
  if (options.json) return printAnswer(page);
  printTable(LISTING.headers, list(field(page.value, 'changes')).map(LISTING.row), LISTING.empty);
  const next = field(page.value, 'pagination', 'nextCursor');
  if (typeof next === 'string' && next !== '' && field(page.value, 'pagination', 'hasMore') !== false) hint(`more changes: add --cursor ${shellWord(next)}, or --all`);
  else if (field(page.value, 'pagination', 'hasMore') === true) client.warn('controls history: the API says more changes follow (hasMore: true) but gives no nextCursor to ask for them');
}
