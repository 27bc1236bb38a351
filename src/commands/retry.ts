// `hookd retry ID`: run a failed run's event again (POST /runs/:id/retry). The daemon keeps the
// payloads of failed runs for this, the last 100 and 16 MiB at most (history/failed-payloads.ts).
import { resolvePaths } from '../common/paths.js';
import { fail } from '../common/errors.js';
import { requestDaemon, type DaemonResponse } from '../server/socket-client.js';
import { readAnswer, refusedAnswer } from '../server/local-api-schemas.js';
import { RetriedSchema } from '../history/history-schemas.js';
import { cleanLine } from '../common/terminal/clean-text.js';

export interface RetryOptions {
  stateDir?: string;
  socket?: string;
  json?: boolean;
}

/** Queue run `id` again; exit with the daemon's reason, and its refusal's exit code, when it cannot be. */
export async function retryCommand(id: string, options: RetryOptions): Promise<void> {
  const paths = resolvePaths(options);
  let response: DaemonResponse;
  try {
    response = await requestDaemon(paths.socket, 'POST', `/runs/${encodeURIComponent(id)}/retry`);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw fail('ENODAEMON', { needs: 'retry needs the daemon', socket: paths.socket, why });
  }
  const asked = `POST /runs/${id}/retry`;
  // A refusal exits as its code in the error catalogue says: an ambiguous id is bad input (2), a run
  // that did not fail, an unknown one or one whose payload is gone a check that did not hold (1).
  if (response.status !== 202) throw refusedAnswer(response, asked);
  const answer = readAnswer(RetriedSchema, response, asked);
  if (options.json) process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
  else
    for (const queued of answer.queued)
      process.stdout.write(
        `queued ${answer.retryOf} again as ${queued.id}: ${cleanLine(queued.command)}\nits outcome, once it ran: hookd history show ${queued.id}\n`,
      );
}
