// Brings records from the inbox to the work queue: first those a previous daemon had claimed,
// then every committed one, oldest first; then whatever the watch on new/ reports. It claims only
// as many as the queue has room for; the rest wait in new/. A check recreates inbox folders deleted
// under the daemon (else claims fail as "already gone" and events wait for ever), backs the watch
// up, and takes records whose bridge died before committing them. It runs when the inbox watch
// reports damage, 2 s after a failure or a record being written, else once a minute: an idle
// daemon is not woken every 2 s for it (issue 24); a lost watch event costs a minute at most.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Arrival, Claim, Inbox } from '../../inbox/inbox.js';
import type { WorkQueue } from './work-queue.js';
import type { Logger } from '../../common/logger.js';
import { serialized } from '../../common/serialized.js';
import { clip } from '../../common/clip-text.js';
import { InboxWatch } from '../../inbox/inbox-watch.js';
import { ClaimFailures } from './claim-failures.js';

export interface IntakeOptions {
  /** How often the inbox is checked when no watch reports anything (default a minute). */
  scanIntervalMs?: number;
  /** An uncommitted record untouched this long was abandoned by its bridge. */
  abandonedAfterMs?: number;
}

// Claims handed over between two turns of the event loop: claiming and admitting are synchronous
// file work, and the local API and finished hooks must get in now and then.
const CLAIMS_PER_TURN = 32;
const CHECK_INTERVAL_MS = 60_000;
const SOON_MS = 2000; // after a failure, or a record written

/** The daemon's intake loop. */
export class Intake {
  private readonly watch: InboxWatch;
  private timer: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  // Committed records seen but not yet claimed, oldest first.
  private backlog: Arrival[] = [];
  private readonly arrivals = new Map<string, bigint>();
  private dirty = true;
  private readonly claimFailures: ClaimFailures;

  constructor(
    private readonly inbox: Inbox,
    private readonly queue: WorkQueue<Claim>,
    private readonly logger: Logger,
    private readonly options: IntakeOptions = {},
  ) {
    this.claimFailures = new ClaimFailures(logger, () => {
      this.dirty = true;
      this.soon();
    });
    this.watch = new InboxWatch(inbox.dirs, {
      arrived: () => this.changed(),
      written: () => this.soon(),
      damaged: () => this.tickSafely(),
    });
  }

  /** Hand over what a previous daemon left claimed, then follow new records. */
  async start(): Promise<void> {
    const unfinished = this.inbox.unfinished();
    for (let i = 0; i < unfinished.length; i += CLAIMS_PER_TURN) {
      // All of them, room or not: they are claimed already, and the oldest must run first.
      this.queue.push(unfinished.slice(i, i + CLAIMS_PER_TURN));
      await nextTurn();
    }
    this.arm();
    await this.scan();
    this.timer = setInterval(this.tickSafely, this.options.scanIntervalMs ?? CHECK_INTERVAL_MS);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.retry);
    this.watch.close();
  }

  // One check soon after a failure or a write, however many: what failed is tried again at the old pace.
  private soon(): void {
    if (this.retry || this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.tickSafely();
    }, SOON_MS);
  }

  private changed(): void {
    this.dirty = true;
    void this.scan();
  }

  private arm(): void {
    try {
      this.inbox.ensure();
      this.watch.arm();
    } catch (error) {
      this.logger.error(
        { error: clip((error as Error).message), inbox: clip(this.inbox.dirs.root) },
        'cannot watch the inbox; scanning it periodically',
      );
      this.soon();
    }
  }

  // A tick never ends the daemon: what fails in one (a state directory made unreachable, chmod 000)
  // is logged once while it keeps failing the same way, and the lifeline stops the daemon with the reason.
  private readonly tickSafely = () =>
    void this.tick().then(
      () => this.lastErrors.delete('tick'),
      (error: Error) => this.logOnce('tick', error, 'inbox check failed; trying again every scan'),
    );

  // Failures that repeat every scan (2 s apart) are logged when they start or change, not each
  // time; each one asks for the next check soon.
  private readonly lastErrors = new Map<string, string>();
  private logOnce(part: string, error: Error, message: string): void {
    if (this.lastErrors.get(part) !== error.message) this.logger.error({ error: clip(error.message) }, message);
    this.lastErrors.set(part, error.message);
    this.soon();
  }

  // A scan waiting for room holds the check: checks asked for meanwhile fold into one after it.
  private readonly tick = serialized(async () => {
    if (this.stopped) return;
    this.repair();
    if (!this.watch.armed) this.arm();
    this.dirty = true;
    await this.scan();
    this.takeAbandoned();
  });

  // Folders deleted under the daemon are made again, and the watch on new/ with them.
  private repair(): void {
    let made: string[];
    try {
      made = this.inbox.repair();
    } catch (error) {
      // Cannot be made (no permission): the scan fails and says so, once.
      return void this.logger.debug({ error: clip((error as Error).message) }, 'cannot recreate the inbox');
    }
    if (made.length === 0) return;
    this.logger.warn(
      { recreated: made },
      `${made.join(', ')} deleted while the daemon ran; recreated (records in a deleted folder are gone)`,
    );
    this.watch.close();
  }

  private takeAbandoned(): void {
    try {
      for (const arrival of this.inbox.abandoned(this.options.abandonedAfterMs ?? 60_000)) {
        this.logger.warn({ id: clip(arrival.id) }, 'record never committed by its bridge; taking it as it is');
        this.queue.push(this.inbox.claim([arrival], this.claimFailures.failed));
      }
      this.lastErrors.delete('abandoned');
    } catch (error) {
      this.logOnce('abandoned', error as Error, 'cannot take abandoned records');
    }
  }

  /** One scan at a time; a request during a scan runs one more afterwards. */
  private readonly scan = serialized(async () => {
    if (this.stopped) return;
    await this.scanOnce().then(
      () => this.lastErrors.delete('scan'),
      (error: Error) => this.logOnce('scan', error, 'inbox scan failed; trying again every scan'),
    );
  });

  private async scanOnce(): Promise<void> {
    // Records that arrive while a backlog is worked through are newer than all of it, so new/ is
    // read again only once the backlog is used up (and something changed): O(n) for a burst of n.
    if (this.backlog.length === 0) {
      if (!this.dirty) return;
      this.dirty = false;
      this.backlog = this.claimFailures.claimable(this.inbox.arrivals(this.arrivals));
    }
    while (this.backlog.length > 0 && !this.stopped && !this.queue.closed) {
      // Claims go in batches: wait for room for a whole one (or for what is left), not for each place.
      const wanted = Math.min(this.backlog.length, CLAIMS_PER_TURN);
      if (this.queue.room < wanted) {
        await this.queue.whenRoom(wanted);
        continue;
      }
      const batch = this.backlog.splice(0, Math.min(this.queue.room, CLAIMS_PER_TURN));
      for (const arrival of batch) this.arrivals.delete(arrival.id);
      this.queue.push(this.inbox.claim(batch, this.claimFailures.failed));
      await nextTurn();
    }
  }
}
