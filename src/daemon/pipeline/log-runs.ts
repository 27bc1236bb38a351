// The log's side of the run bus: one line per finished run, at the level its facts carry (the
// outcome table's). Every field a client or a hook chose is clipped: a line never carries an unbounded value.
import { DUPLICATE_WINDOW_MS } from './duplicates.js';
import { clip } from '../../common/clip-text.js';
import { meaningOf } from '../../runs/outcome.js';
import type { RunBus } from '../../runs/run-bus.js';
import type { Logger } from '../../common/logger.js';

/** Log every finished run to `logger`; returns the function that stops it. */
export function logRuns(runs: RunBus, logger: Logger): () => void {
  return runs.on('finished', (run) => {
    const base = {
      eventId: clip(run.eventId),
      event: clip(run.event),
      session: clip(run.sessionId),
      command: clip(run.command),
      attempt: run.attempt,
    };
    const { level } = run.facts;
    const meaning = meaningOf(run.outcome);
    // No hook ran: the table's own words, with why when there is a why (a rejected record's reason).
    if (!meaning.ran)
      logger[level](
        run.detail === undefined ? base : { eventId: base.eventId, reason: clip(run.detail) },
        (meaning.says ?? run.outcome).replace('{window}', `${DUPLICATE_WINDOW_MS / 1000} s`),
      );
    else
      logger[level](
        {
          ...base,
          outcome: run.outcome,
          exitCode: run.result?.exitCode,
          durationMs: run.result?.durationMs,
          ...(run.detail && { detail: clip(run.detail) }),
        },
        'hook finished',
      );
  });
}
