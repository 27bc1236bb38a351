// Brings records from the inbox to the dispatcher: first those a previous daemon had claimed,
// then every committed one, oldest first; then whatever the watch on new/ reports. A periodic
// scan backs the watch up (and re-arms it if it failed), and
// picks up records whose bridge died before committing them.
import { watch, type FSWatcher } from 'node:fs';
import type { Arrival, Inbox } from '../events/inbox.js';
import type { AttemptJournal } from '../events/attempt-journal.js';
import type { Dispatcher } from './dispatch.js';
import type { Logger } from '../common/logger.js';
import { serialized } from '../common/serialized.js';

export interface IntakeOptions {
  /** Records admitted but unfinished beyond this stay in new/ until the queue drains (backpressure). */
  maxInFlight?: number;
  /** How often the inbox is scanned without a watch event. */
  scanIntervalMs?: number;
  /** An uncommitted record untouched this long was abandoned by its bridge. */
  abandonedAfterMs?: number;
}

/** The daemon's intake loop. */
export class Intake {
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  // Committed records seen but not yet claimed, oldest first.
  private backlog: Arrival[] = [];
  private readonly arrivals = new Map<string, bigint>();
  private dirty = true;
  private readonly maxInFlight: number;

  constructor(
    private readonly inbox: Inbox,
    private readonly journal: AttemptJournal,
    private readonly dispatcher: Dispatcher,
    private readonly logger: Logger,
    private readonly options: IntakeOptions = {},
  ) {
    this.maxInFlight = options.maxInFlight ?? 512;
  }

  /** Drain what is already there, then follow new records. */
  async start(): Promise<void> {
    for (const key of this.inbox.claimed()) await this.dispatcher.admit(key, this.journal.startedRuns(key) + 1);
    this.watchNew();
    await this.scan();
    const every = this.options.scanIntervalMs ?? 2000;
    this.timer = setInterval(() => void this.tick(), every);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.watcher?.close();
  }

  /** Wake the intake: a run finished and freed room for the backlog. */
  poke(): void {
    void this.scan();
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
    if (this.stopped) return;
    if (!this.watcher) this.watchNew();
    this.dirty = true;
    await this.scan();
    try {
      for (const arrival of this.inbox.abandoned(this.options.abandonedAfterMs ?? 60_000)) {
        this.logger.warn({ id: arrival.id }, 'record never committed by its bridge; taking it as it is');
        const key = this.inbox.claim(arrival);
        if (key) await this.dispatcher.admit(key, 1);
      }
    } catch (error) {
      this.logger.error({ error: (error as Error).message }, 'cannot take abandoned records');
    }
  }

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
      this.backlog = this.inbox.committed(this.arrivals);
    }
    let admitted = 0;
    while (this.backlog.length > 0 && !this.stopped && this.dispatcher.inFlight.size < this.maxInFlight) {
      // Admitting is synchronous file work: let the local API and finished hooks in now and then.
      if (++admitted % 32 === 0) await new Promise((resolve) => setImmediate(resolve));
      const arrival = this.backlog.shift()!;
      this.arrivals.delete(arrival.id);
      const key = this.inbox.claim(arrival);
      if (key) await this.dispatcher.admit(key, 1);
    }
  }
}
