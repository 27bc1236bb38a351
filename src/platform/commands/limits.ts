// `hookd api limits set EMAIL=LIMIT… [--file FILE]`: per-user credit limits, sent in batches of 100
// (the API's maximum) with the results merged. Partial success is normal (spec 4.10): when some
// users were updated and others not, each is listed and the exit code is 3; when none was, 1. A
// failed batch stops the run, prints what the batches before it did, and says who was sent.
import { HookdError } from '../../common/errors.js';
import { setUserLimits } from '../api/endpoints.js';
import type { Answered } from '../api/api-client.js';
import { connectApi, type ConnectOptions } from './api-connect.js';
import { readLimits } from './api-limits-input.js';
import { cell, field, list, printAnswer, printJson, printTable } from './api-output.js';

export const BATCH_SIZE = 100;

/** The exit code of a partial success: some users were updated, others not. */
const PARTIAL_SUCCESS = 3;

export interface LimitsOptions extends ConnectOptions {
  file?: string;
  json?: boolean;
}

function showLimit(limit: unknown): string {
  if (limit === null) return 'override removed';
  return limit === undefined ? 'updated' : `limit ${cell(limit)}`;
}

/** Set the limits of every user given. */
export async function limitsSet(words: string[], options: LimitsOptions): Promise<void> {
  const users = await readLimits(words, options.file);
  const client = connectApi(options);
  const answers: Answered<unknown>[] = [];
  const updated: unknown[] = [];
  const errors: unknown[] = [];
  let unsaid = 0;
  let failed: HookdError | undefined;
  const batches = Math.ceil(users.length / BATCH_SIZE);
  for (let batch = 0; batch < batches; batch += 1) {
    const slice = users.slice(batch * BATCH_SIZE, (batch + 1) * BATCH_SIZE);
    try {
      const answer = await client.read(setUserLimits, { body: { users: slice } });
      answers.push(answer);
      const [done, refused] = [field(answer.value, 'updated'), field(answer.value, 'errors')];
      // An answer without either list (a 204, a drifted shape) accepted the batch without saying how each user fared.
      if (!Array.isArray(done) && !Array.isArray(refused)) unsaid += slice.length;
      updated.push(...list(done));
      errors.push(...list(refused));
    } catch (error) {
      if (batch === 0 || !(error instanceof HookdError)) throw error;
      const sent = batch * BATCH_SIZE;
      failed = error.retold(
        `batch ${batch + 1} of ${batches} failed: ${error.message}; users 1 to ${sent} were sent before (${updated.length} updated, ${errors.length} failed); setting a limit twice is harmless, so run the same command again`,
      );
      break;
    }
  }
  if (options.json) {
    // One batch: its answer as sent. Several: their lists merged.
    if (answers.length === 1 && !failed) printAnswer(answers[0] as Answered<unknown>);
    else printJson({ updated, errors });
  } else {
    const rows = [
      ...updated.map((user) => [cell(field(user, 'email')), showLimit(field(user, 'limit'))]),
      ...errors.map((user) => [cell(field(user, 'email')), `error: ${cell(field(user, 'error'))}`]),
    ];
    printTable(['USER', 'RESULT'], rows, 'no users');
    const unknown = unsaid > 0 ? `, ${unsaid} sent without a word on each (the answer has no per-user lists)` : '';
    process.stdout.write(`${updated.length} updated, ${errors.length} failed${unknown}\n`);
  }
  if (failed) throw failed;
  if (errors.length > 0) process.exitCode = updated.length > 0 || unsaid > 0 ? PARTIAL_SUCCESS : 1;
}
