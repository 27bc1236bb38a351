// `hookd controls history`: changes to the organization-wide settings, newest revision first.
import { collect, walkControlChanges } from '../api/walk-pages.js';
import type { ControlChange } from '../api/organization-schemas.js';
import { listControlChanges } from '../api/endpoints.js';
import { connectApi } from './api-connect.js';
import { clip, hint, printJson, printTable, showTime } from './api-output.js';

export interface ControlsOptions {
  limit?: string;
  cursor?: string;
  all?: boolean;
  json?: boolean;
}

function printChanges(changes: ControlChange[]): void {
  const rows = changes.map((c) => [String(c.revision), showTime(c.updatedAt), c.user.email, clip(Object.keys(c.settings).join(', '), 60)]);
  printTable(['REVISION', 'UPDATED', 'BY', 'SETTINGS'], rows, 'no changes');
}

/** List one page of changes, or all of them with --all. */
export async function controlsHistory(options: ControlsOptions): Promise<void> {
  const client = connectApi();
  const query = { limit: options.limit, cursor: options.cursor };
  if (options.all) {
    const changes = await collect(walkControlChanges(client, query));
    return options.json ? printJson({ changes }) : printChanges(changes);
  }
  const page = await client.call(listControlChanges, { query });
  if (options.json) return printJson(page);
  printChanges(page.changes);
  if (page.pagination.hasMore && page.pagination.nextCursor) hint(`more changes: add --cursor ${page.pagination.nextCursor}, or --all`);
}
