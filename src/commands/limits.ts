// `hookd limits set EMAIL=LIMIT… [--file FILE]`: per-user credit limits, sent in batches of 100
// (the API's maximum) with the results merged. Per-user failures are listed and make the exit
// code 1; a failed batch stops the run and says which users were already updated.
import { HookdError } from '../common/errors.js';
import type { SetLimitsResult } from '../api/organization-schemas.js';
import { setUserLimits } from '../api/endpoints.js';
import { connectApi } from './api-connect.js';
import { readLimits } from './api-limits-input.js';
import { printJson, printTable } from './api-output.js';

export const BATCH_SIZE = 100;

export interface LimitsOptions {
  file?: string;
  json?: boolean;
}

/** Set the limits of every user given. */
export async function limitsSet(words: string[], options: LimitsOptions): Promise<void> {
  const users = await readLimits(words, options.file);
  const client = connectApi();
  const merged: SetLimitsResult = { updated: [], errors: [] };
  const batches = Math.ceil(users.length / BATCH_SIZE);
  for (let batch = 0; batch < batches; batch += 1) {
    const slice = users.slice(batch * BATCH_SIZE, (batch + 1) * BATCH_SIZE);
    try {
      const result = await client.call(setUserLimits, { body: { users: slice } });
      merged.updated.push(...result.updated);
      merged.errors.push(...result.errors);
    } catch (error) {
      if (batch === 0 || !(error instanceof HookdError)) throw error;
      const sent = batch * BATCH_SIZE;
      throw new HookdError(
        error.code,
        `batch ${batch + 1} of ${batches} failed: ${error.message}; users 1 to ${sent} were sent before (${merged.updated.length} updated, ${merged.errors.length} failed); setting a limit twice is harmless, so run the same command again`,
        { exitCode: error.exitCode, cause: error },
      );
    }
  }
  if (merged.errors.length > 0) process.exitCode = 1;
  if (options.json) return printJson(merged);
  const rows = [
    ...merged.updated.map((user) => [user.email, user.limit === null ? 'override removed' : `limit ${user.limit}`]),
    ...merged.errors.map((user) => [user.email, `error: ${user.error}`]),
  ];
  printTable(['USER', 'RESULT'], rows, 'no users');
  process.stdout.write(`${merged.updated.length} updated, ${merged.errors.length} failed\n`);
}
