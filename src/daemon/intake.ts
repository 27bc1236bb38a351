// Brings records from the inbox to the work queue: first those a previous daemon had claimed,
// then every committed one, oldest first; then whatever the watch on new/ reports. It claims only
// as many as the queue has room for; the rest wait in new/. A periodic scan backs the watch up
// (and re-arms it if it failed), and picks up records whose bridge died before committing them.
import { watch, type FSWatcher } from 'node:fs';
import type { Arrival, Claim, Inbox } from '../events/inbox.js';
import type { WorkQueue } from './work-queue.js';
import type { Logger } from '../common/logger.js';
import { serialized } from '../common/serialized.js';

export interface IntakeOptions {
  /** How often the inbox is scanned without a watch event. */
  scanIntervalMs?: number;
  /** An uncommitted record untouched this long was abandoned by its bridge. */
  abandonedAfterMs?: number;
}

// Claims handed over between two turns of the event loop: claiming and admitting are synchronous
// file work, and the local API and finished hooks must get in now and then.
const CLAIMS_PER_TURN = 32;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The daemon's intake loop. */
export class Intake {
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private ticking = false;
  // Committed records seen but not yet claimed, oldest first.
  private backlog: Arrival[] = [];
  private readonly arrivals = new Map<string, bigint>();
  private dirty = true;

  constructor(
    private readonly inbox: Inbox,
    private readonly queue: WorkQueue<Claim>,
    private readonly logger: Logger,
    private readonly options: IntakeOptions = {},
  ) {}

  /** Hand over what a previous daemon left claimed, then follow new records. */
  async start(): Promise<void> {
    const unfinished = this.inbox.unfinished();
    for (let i = 0; i < unfinished.length; i += CLAIMS_PER_TURN) {
      // All of them, room or not: they are claimed already, and the oldest must run first.
      this.queue.push(unfinished.slice(i, i + CLAIMS_PER_TURN));
      await nextTurn();
    }
    this.watchNew();
    await this.scan();
    this.timer = setInterval(() => void this.tick(), this.options.scanIntervalMs ?? 2000);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.watcher?.close();
  }

  private changed(): void {
    this.dirty = true;
    void this.scan();
  }

  private watchNew(): void {
    try {
      this.inbox.ensure();
      this.watcher = watch(this.inbox.dirs.new, () => this.changed());
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = undefined;
      });
    } catch (error) {
      this.logger.error({ error: (error as Error).message, inbox: this.inbox.dirs.root }, 'cannot watch the inbox; scanning it periodically');
    }
  }

  private async tick(): Promise<void> {
    // A scan waiting for room holds the tick: ticks do not pile up behind it.
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    try {
      if (!this.watcher) this.watchNew();
      this.dirty = true;
      await this.scan();
      this.takeAbandoned();
    } finally {
      this.ticking = false;
    }
  }

  private takeAbandoned(): void {
    try {
      for (const arrival of this.inbox.abandoned(this.options.abandonedAfterMs ?? 60_000)) {
        this.logger.warn({ id: arrival.id }, 'record never committed by its bridge; taking it as it is');
        this.queue.push(this.inbox.claim([arrival], this.claimFailed));
      }
    } catch (error) {
      this.logger.error({ error: (error as Error).message }, 'cannot take abandoned records');
    }
  }

  // A record that cannot be moved into cur/ stays in new/; the next periodic scan tries it again.
  private readonly claimFailed = (arrival: Arrival, error: Error) => {
    this.dirty = true;
    this.logger.error({ id: arrival.id, error: error.message }, 'cannot take a record from the inbox; trying again at the next scan');
  };

  /** One scan at a time; a request during a scan runs one more afterwards. */
  private readonly scan = serialized(async () => {
    if (this.stopped) return;
    await this.scanOnce().catch((error: Error) => this.logger.error({ error: error.message }, 'inbox scan failed'));
  });

  private async scanOnce(): Promise<void> {
    // Records that arrive while a backlog is worked through are newer than all of it, so new/ is
    // read again only once the backlog is used up (and something changed): O(n) for a burst of n.
    if (this.backlog.length === 0) {
      if (!this.dirty) return;
      this.dirty = false;
      this.backlog = this.inbox.arrivals(this.arrivals);
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
      this.queue.push(this.inbox.claim(batch, this.claimFailed));
      await nextTurn();
    }
  }
}
