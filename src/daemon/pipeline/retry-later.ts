// When a run fails inside the daemon (its start cannot be noted: a full disk), its record stays in
// cur/ and is tried again: a bounded number of times, further apart each time, and after that only
// at the next start. Unbounded, a failure that never clears was retried every 2 s for ever.
import { clip } from '../../common/clip-text.js';
import type { Logger } from '../../common/logger.js';
import type { RunInfo } from '../../runs/run-bus.js';

/** The first wait before a try again; doubled each time, up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 2000;
const MAX_WAIT_MS = 60_000;
/** Tries again after failures inside the daemon before a record waits for the next start (about 4 minutes of them). */
export const MAX_DAEMON_RETRIES = 8;

/** Failures inside the daemon so far, by record, and the timers that try them again. */
export class RetryLater {
  private readonly failures = new Map<string, number>();

  constructor(private readonly logger: Logger) {}

  /** Record `info`'s run failed with `error`: call `again` later, unless `stopping` says not to, or it failed too often. */
  failed(info: RunInfo, error: Error, again: () => void, stopping: () => boolean): void {
    const failures = (this.failures.get(info.eventId) ?? 0) + 1;
    const fields = {
      eventId: info.eventId,
      event: info.event,
      session: clip(info.sessionId),
      command: clip(info.command),
      attempt: info.attempt,
      error: clip(error.message),
    };
    if (failures > MAX_DAEMON_RETRIES) {
      this.failures.delete(info.eventId);
      this.logger.error(
        fields,
        `run failed inside the daemon ${failures} times; the record stays in the inbox until the daemon starts again`,
      );
      return;
    }
    this.failures.set(info.eventId, failures);
    const waitMs = Math.min(FIRST_WAIT_MS * 2 ** (failures - 1), MAX_WAIT_MS);
    this.logger.error(fields, `run failed inside the daemon; trying again in ${waitMs / 1000} s`);
    if (!stopping()) setTimeout(() => void (stopping() || again()), waitMs).unref();
  }

  /** The record's run went through: its count starts again. */
  succeeded(key: string): void {
    this.failures.delete(key);
  }
}
