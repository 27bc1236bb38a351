// `hookd api controls history`: changes to the organization-wide settings, newest revision first.
import { PAGE_RULES } from '../api/walk-pages.js';
import { listControlChanges } from '../api/endpoints.js';
import { connectApi, type ConnectOptions } from './api-connect.js';
import { cell, field, showTime } from './api-output.js';
import { printCursorList, type ListingSpec } from './api-listing.js';

export interface ControlsOptions extends ConnectOptions {
  limit?: string;
  cursor?: string;
  all?: boolean;
  json?: boolean;
}

/** The names of the settings a change holds (the object's properties change between API versions). */
function settingNames(change: unknown): string {
  const settings = field(change, 'settings');
  return typeof settings === 'object' && settings !== null && !Array.isArray(settings)
    ? cell(Object.keys(settings).join(', '), 60)
    : cell(settings, 60);
}

const LISTING: ListingSpec = {
  noun: 'changes',
  resumeFlag: '--cursor',
  headers: ['REVISION', 'UPDATED', 'BY', 'SETTINGS'],
  empty: 'no changes',
  // updatedAt is an ISO date in the spec; one that drifted to Unix milliseconds reads the same.
  row: (c) => [
    cell(field(c, 'revision')),
    showTime(field(c, 'updatedAt')),
    cell(field(c, 'user', 'email'), 60),
    settingNames(c),
  ],
};

/** List one page of changes, or all of them with --all (each page printed as it arrives). */
export async function controlsHistory(options: ControlsOptions): Promise<void> {
  const client = connectApi(options);
  const read = (cursor: string | undefined) =>
    client.read(listControlChanges, { query: { limit: options.limit, cursor } });
  return printCursorList(
    {
      read,
      rule: PAGE_RULES.listControlChanges,
      endpoint: listControlChanges.name,
      command: 'controls history',
      warn: (text) => client.warn(text),
    },
    LISTING,
    options,
  );
}
