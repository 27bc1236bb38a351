// The history's side of the run bus: what a finished run's history line holds (derived here and
// nowhere else), and the subscription that writes it, then tells the bus it is `recorded` (the run
// stream hears that). The dispatcher deletes a record only after `finished` resolves, so a record
// is gone only once its outcome is in the history.
import type { History, HistoryEntry } from './history.js';
import type { FinishedRun, RunBus } from '../runs/run-bus.js';
import type { Logger } from '../common/logger.js';
import { boundedEntry } from './history-entry.js';
import { clip } from '../common/clip-text.js';

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

/** The history line of a finished run. */
export function historyEntryOf(run: FinishedRun): HistoryEntry {
  const { result, facts } = run;
  return {
    time: new Date(run.endedAt).toISOString(),
    eventId: run.eventId,
    event: run.event,
    session: run.sessionId,
    command: run.command,
    ...(run.client !== undefined && { client: run.client }),
    ...(run.project !== undefined && { project: run.project }),
    outcome: run.outcome,
    attempt: run.attempt,
    ...(result && {
      exitCode: result.exitCode,
      signal: result.signal,
      durationMs: result.durationMs,
      // What the runner captured, whole: it is already bounded (64 KiB of each, the rest counted).
      stdout: result.stdout.text,
      stderr: result.stderr.text,
      truncated: result.stdout.truncated || result.stderr.truncated,
    }),
    ...(facts.delayMs !== undefined && { delayMs: facts.delayMs }),
    ...(run.detail !== undefined && { detail: run.detail }),
    receivedAt: iso(run.receivedAt),
    takenAt: iso(run.takenAt),
    ...(run.startedAt !== undefined && { startedAt: iso(run.startedAt), endedAt: iso(run.endedAt) }),
    ...(facts.probe && { probe: true as const }),
    ...(run.retryOf !== undefined && { retryOf: run.retryOf }),
    ...(run.inline && { bridge: 'sync' as const, decided: run.inline.decided, decision: run.inline.decision }),
    ...(run.inline?.warm !== undefined && { warm: run.inline.warm }),
  };
}

/** Write every finished run to `history`; when the disk refuses it (full), the log carries the outcome instead. */
export function recordHistory(runs: RunBus, history: History, logger: Logger): () => void {
  return runs.on('finished', async (run) => {
    const entry = boundedEntry(historyEntryOf(run));
    try {
      await history.append(entry);
    } catch (error) {
      logger.error(
        {
          ...entry,
          command: clip(entry.command),
          detail: clip(entry.detail),
          stdout: undefined,
          stderr: undefined,
          error: clip((error as Error).message),
        },
        'could not write the history; the outcome is logged here',
      );
    }
    await runs.publish('recorded', entry);
  });
}
