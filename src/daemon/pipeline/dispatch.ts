// From a claimed record to an outcome: read and check it, drop a duplicate delivery, find the
// hook's timeout, run it under the scheduler, publish `finished` (the history writes the line),
// and settle the record in the inbox by it, once (Inbox.settle). Records come from the work queue.
//
// Memory: up to 512 records wait here for their turn; a payload over KEPT_PAYLOAD_BYTES is not
// held while one waits but read again when its run starts (600 waiting 1 MiB payloads took the
// daemon to 1.26 GB). A run that fails inside the daemon is tried again (retry-later.ts).
import { launchRecord } from './launch-record.js';
import { clip } from '../../common/clip-text.js';
import { settlementOf } from '../../runs/outcome.js';
import { DuplicateFilter } from './duplicates.js';
import { finishedOf } from '../../transport/bridged-run.js';
import { checkRecord, type Checked, type Runnable } from './check-record.js';
import { RetryLater } from './retry-later.js';
import type { Claim, Inbox } from '../../inbox/inbox.js';
import type { ReadResult } from '../../inbox/read-record.js';
import type { RecordContent } from '../../inbox/record-format.js';
import type { RunBus, RunFinished, RunInfo } from '../../runs/run-bus.js';
import type { LiveConfig } from '../../settings/live-config.js';
import type { Scheduler } from './scheduler.js';
import type { WorkQueue } from './work-queue.js';
import type { Logger } from '../../common/logger.js';

export interface DispatchOptions {
  inbox: Inbox;
  /** The followed files, and the projects records come from: which entry runs a record's command. */
  config: LiveConfig;
  scheduler: Scheduler;
  /** Where runs are published: the history and the log subscribe. */
  runs: RunBus;
  logger: Logger;
  socket: string;
  /** Aborted when running hooks must be interrupted (shutdown deadline passed). */
  interrupt: AbortSignal;
  graceMs?: number;
}

/** Sees each claimed record through to one published outcome. */
export class Dispatcher {
  private readonly duplicates = new DuplicateFilter();
  private readonly admitted = new Set<string>();
  private readonly idle: Array<() => void> = [];
  private stopping = false;
  private readonly retries: RetryLater;

  constructor(private readonly options: DispatchOptions) {
    this.retries = new RetryLater(options.logger);
  }

  /** Take claimed records from `queue` until it closes; each is done in the queue once it is settled. */
  async consume(queue: WorkQueue<Claim>): Promise<void> {
    for (let claim = await queue.take(); claim; claim = await queue.take()) {
      void this.admit(claim).finally(() => queue.done());
    }
  }

  /** See one claimed record through to an outcome, or to a retry when its run failed inside the daemon. Never rejects. */
  async admit(claim: Claim): Promise<void> {
    if (this.admitted.has(claim.key)) return;
    this.admitted.add(claim.key);
    try {
      await this.dispatch(claim);
    } catch (error) {
      // Setting the record aside failed (a full disk): it stays in cur/ for the next start.
      this.options.logger.error(
        { eventId: claim.key, error: clip((error as Error).message) },
        'cannot settle the record; it stays in the inbox',
      );
    } finally {
      this.admitted.delete(claim.key);
      if (this.admitted.size === 0) for (const wake of this.idle.splice(0)) wake();
    }
  }

  /** Start no more runs (those not started stay in the inbox); resolves once every admitted record is settled. */
  stop(): Promise<void> {
    this.stopping = true;
    return this.admitted.size === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  private async dispatch(claim: Claim): Promise<void> {
    // Taken from the queue just as the daemon stops: it stays in cur/ for the next start.
    if (this.stopping) return;
    const info: RunInfo = {
      eventId: claim.key,
      event: '',
      sessionId: '',
      command: '',
      attempt: claim.attempt,
      receivedAt: claim.receivedAt,
      takenAt: claim.takenAt,
    };
    // Synchronous, and only its light result is kept: a suspended async call holds its locals, so
    // a whole payload in one would be held while the record waits its turn.
    const checked = this.check(claim, info);
    // Ended by the check (the outcome table says which outcomes it produces): concluded without a run.
    if ('outcome' in checked) return this.conclude({ ...info, endedAt: Date.now(), ...checked });
    // Ran in line already: only its outcome is published, and the record is done with.
    if ('bridged' in checked) return this.conclude(finishedOf(info, checked.bridged));
    try {
      await this.options.scheduler.schedule(`${info.sessionId}\0${info.command}`, () => this.run(info, checked));
      this.retries.succeeded(claim.key);
    } catch (error) {
      // A full disk, say, before the hook could start: the record stays in cur/ and is tried again.
      this.retries.failed(
        info,
        error as Error,
        () => void this.admit(claim),
        () => this.stopping,
      );
    }
  }

  // Read and check the record (check-record.ts), filling in `info` as far as it goes.
  private check(claim: Claim, info: RunInfo): Checked {
    const read = this.options.inbox.read(claim.key);
    if (!read.ok) return { outcome: 'rejected', detail: read.reason };
    return checkRecord(read.record, claim, info, { hooks: this.options.config.hooks, duplicates: this.duplicates });
  }

  // Every record's one end: its outcome published (the history writes its line) and the record
  // settled by it, as the outcome table says: done with, kept to run again, or set aside.
  private conclude(finished: RunFinished): Promise<void> {
    return this.options.inbox.settle(finished.eventId, settlementOf(finished.outcome, finished.detail), () =>
      this.options.runs.publish('finished', finished),
    );
  }

  // The run itself, in its turn (launch-record.ts); an interrupted run stays in the inbox and runs
  // again on the next start.
  private async run(info: RunInfo, { record, cwd }: Runnable): Promise<void> {
    if (this.stopping) return;
    // The record with its payload: kept since the check, or read again now (a big one).
    const read: ReadResult = record.payload
      ? { ok: true, record: record as RecordContent }
      : this.options.inbox.read(info.eventId);
    // Its folder deleted since the check, say.
    if (!read.ok) return this.conclude({ ...info, endedAt: Date.now(), outcome: 'rejected', detail: read.reason });
    return this.conclude(await launchRecord(this.options, info, read.record, cwd));
  }
}
