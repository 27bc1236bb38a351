// The records of failed runs, kept so that `hookd retry ID` can run them again: a copy of the
// inbox record (command, carried variables, payload) in <state>/failed/, taken before the
// dispatcher deletes it. Bounded: the newest MAX_COUNT, at most MAX_BYTES together (a record
// bigger than that is not kept); the oldest go first.
import { copyFileSync, mkdirSync, readFileSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { parseRecord, type RecordContent } from '../inbox/record-format.js';
import { writeRecord } from '../inbox/write-record.js';
import type { FinishedRun, RunBus } from '../runs/run-bus.js';
import type { Logger } from '../common/logger.js';

export const MAX_COUNT = 100;
export const MAX_BYTES = 16 * 1024 * 1024;

/** The kept records of failed runs, and the retries they were queued for. */
export class FailedPayloads {
  readonly dir: string;
  private readonly kept: Array<{ key: string; bytes: number }> = [];

  constructor(
    private readonly stateDir: string,
    private readonly limits = { count: MAX_COUNT, bytes: MAX_BYTES },
  ) {
    this.dir = path.join(stateDir, 'failed');
  }

  /** Read what a previous daemon kept, oldest first (keys sort by arrival). */
  open(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    for (const key of readdirSync(this.dir).sort()) {
      try {
        this.kept.push({ key, bytes: statSync(path.join(this.dir, key)).size });
      } catch {
        // Gone meanwhile.
      }
    }
    this.trim();
  }

  /** Keep the record of every retriable run (the outcome table says which), from `cur`, before the dispatcher deletes it. */
  subscribe(runs: RunBus, cur: string, logger: Logger): () => void {
    return runs.on('finished', (run) => this.keep(run, cur, logger));
  }

  private keep(run: FinishedRun, cur: string, logger: Logger): void {
    if (!run.facts.retriable) return;
    try {
      const bytes = statSync(path.join(cur, run.eventId)).size;
      if (bytes > this.limits.bytes) return;
      copyFileSync(path.join(cur, run.eventId), path.join(this.dir, run.eventId));
      this.kept.push({ key: run.eventId, bytes });
      this.trim();
    } catch (error) {
      logger.warn(
        { eventId: run.eventId, error: (error as Error).message },
        'could not keep the failed run for a retry',
      );
    }
  }

  // Drop the oldest until both bounds hold.
  private trim(): void {
    let total = this.kept.reduce((sum, item) => sum + item.bytes, 0);
    while (this.kept.length > this.limits.count || total > this.limits.bytes) {
      const oldest = this.kept.shift()!;
      total -= oldest.bytes;
      try {
        unlinkSync(path.join(this.dir, oldest.key));
      } catch {
        // Already gone.
      }
    }
  }

  /** Whether the record of run `eventId` is kept. */
  has(eventId: string): boolean {
    return this.kept.some((item) => item.key === eventId);
  }

  /** The kept record of `eventId`: its size and the start of its payload; undefined when it is not kept. */
  describe(eventId: string): { bytes: number; head: string } | undefined {
    try {
      const parsed = parseRecord(readFileSync(path.join(this.dir, eventId)));
      return parsed.ok
        ? { bytes: parsed.content.payload.length, head: parsed.content.payload.subarray(0, 500).toString('utf8') }
        : undefined;
    } catch {
      return undefined;
    }
  }

  /** The kept record of `eventId`, or undefined when it is not kept. */
  read(eventId: string): RecordContent | undefined {
    try {
      const parsed = parseRecord(readFileSync(path.join(this.dir, eventId)));
      return parsed.ok ? parsed.content : undefined;
    } catch {
      return undefined;
    }
  }

  /** Queue `record`, the kept record of `eventId`, again as a new event; its new record's id and command. */
  async retry(eventId: string, record: RecordContent): Promise<{ id: string; command: string }> {
    // HOOKD_RETRY_OF: the hook can tell, and the dispatcher does not take it for a duplicate delivery.
    const id = await writeRecord(this.stateDir, {
      ...record,
      clientEnv: { ...record.clientEnv, HOOKD_RETRY_OF: eventId },
    });
    return { id, command: record.command };
  }
}
