// From a claimed record to an outcome: read and check it, drop a duplicate delivery, find the
// hook's timeout, run it under the scheduler, publish `finished` (the history writes the line),
// and only then finish the record in the inbox. Records come from the work queue.
import { parsePayload } from '../events/parse-payload.js';
import { runHook } from '../runner/run-hook.js';
import { hookCwd, hookEnv } from '../runner/hook-env.js';
import { meaningOf } from '../runner/outcome.js';
import { DEFAULT_TIMEOUT_SEC } from '../settings/config.js';
import { timeoutOf } from '../settings/daemon-hooks.js';
import { clientFromEnv } from '../clients/registry.js';
import { DuplicateFilter } from './duplicates.js';
import type { Claim, Inbox, ReadResult } from '../events/inbox.js';
import type { RecordContent } from '../events/record-format.js';
import type { RunEvents, RunInfo } from '../telemetry/run-events.js';
import type { ProjectHooks } from './project-hooks.js';
import type { LiveConfig } from './live-config.js';
import type { Scheduler } from './scheduler.js';
import type { WorkQueue } from './work-queue.js';
import type { Logger } from '../common/logger.js';

/** A record whose runs keep being cut short by the daemon stopping is set aside after this many. */
export const MAX_ATTEMPTS = 5;
/** How long before a record whose run failed inside the daemon (not the hook) is tried again. */
const RETRY_MS = 2000;

export interface DispatchOptions {
  inbox: Inbox;
  config: LiveConfig;
  /** The hooks of the projects events come from, for commands no followed file names. */
  projects: ProjectHooks;
  scheduler: Scheduler;
  /** Where runs are published: the history and the log subscribe. */
  events: RunEvents;
  logger: Logger;
  socket: string;
  /** Aborted when running hooks must be interrupted (shutdown deadline passed). */
  interrupt: AbortSignal;
  graceMs?: number;
}

// What a run needs of a checked record (not the parsed payload: records wait by the hundred).
interface Runnable {
  record: RecordContent;
  cwd: string | undefined;
}

/** Sees each claimed record through to one published outcome. */
export class Dispatcher {
  private readonly duplicates = new DuplicateFilter();
  private readonly admitted = new Set<string>();
  private readonly idle: Array<() => void> = [];
  private stopping = false;

  constructor(private readonly options: DispatchOptions) {}

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
      await this.settle(claim);
    } catch (error) {
      // Setting the record aside failed (a full disk): it stays in cur/ for the next start.
      this.options.logger.error({ eventId: claim.key, error: (error as Error).message }, 'cannot settle the record; it stays in the inbox');
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

  private async settle(claim: Claim): Promise<void> {
    // Taken from the queue just as the daemon stops: it stays in cur/ for the next start.
    if (this.stopping) return;
    const { inbox, events, scheduler, logger } = this.options;
    const info: RunInfo = { eventId: claim.key, event: '', sessionId: '', command: '', attempt: claim.attempt, receivedAt: claim.receivedAt, takenAt: claim.takenAt };
    const checked = this.check(claim, info);
    if (typeof checked === 'string') {
      inbox.reject(claim.key, checked);
      return events.publish('finished', { ...info, endedAt: Date.now(), outcome: 'rejected', detail: checked });
    }
    if (claim.attempt === 1 && this.duplicates.isDuplicate(claim.key, info.command, checked.record.payload, claim.receivedAt)) {
      await events.publish('finished', { ...info, endedAt: Date.now(), outcome: 'duplicate' });
      return inbox.finish(claim.key);
    }
    const timeoutMs = this.timeoutFor(info.event, checked.record, checked.cwd);
    try {
      await scheduler.schedule(`${info.sessionId}\0${info.command}`, () => this.run(info, checked, timeoutMs));
    } catch (error) {
      // A full disk, say, before the hook could start: the record stays in cur/ and is tried again.
      logger.error({ eventId: info.eventId, event: info.event, session: info.sessionId, command: info.command, attempt: info.attempt, error: (error as Error).message }, `run failed inside the daemon; trying again in ${RETRY_MS / 1000} s`);
      if (!this.stopping) setTimeout(() => void (this.stopping || this.admit(claim)), RETRY_MS).unref();
    }
  }

  // Read and validate the record, filling in `info` as far as it goes; the reason when it cannot run.
  private check(claim: Claim, info: RunInfo): Runnable | string {
    let read: ReadResult;
    try {
      read = this.options.inbox.read(claim.key);
    } catch (error) {
      return `cannot read the record: ${(error as Error).message}`;
    }
    if (!read.ok) return read.reason;
    info.command = read.record.command;
    const parsed = parsePayload(read.record.payload, 'payload');
    if (!parsed.ok) return parsed.reason;
    info.event = parsed.payload.event;
    info.sessionId = parsed.payload.sessionId;
    if (claim.attempt > MAX_ATTEMPTS) return `gave up after ${MAX_ATTEMPTS} attempts: the daemon stopped during each run`;
    return { record: read.record, cwd: parsed.payload.cwd };
  }

  // The run itself, in its turn: note the attempt, start the hook, publish its outcome, then finish the record.
  private async run(info: RunInfo, { record, cwd }: Runnable, timeoutMs: number): Promise<void> {
    if (this.stopping) return;
    const { inbox, events } = this.options;
    inbox.beginAttempt(info.eventId, info.attempt);
    const startedAt = Date.now();
    void events.publish('started', { ...info, startedAt });
    const result = await runHook({
      command: record.command,
      payload: record.payload,
      cwd: hookCwd(cwd),
      env: hookEnv({ eventId: info.eventId, event: info.event, attempt: info.attempt, socket: this.options.socket, clientEnv: record.clientEnv, command: record.command }),
      timeoutMs,
      graceMs: this.options.graceMs,
      signal: this.options.interrupt,
    });
    await events.publish('finished', { ...info, startedAt, endedAt: Date.now(), outcome: result.status, result, ...(result.error ? { detail: result.error } : {}) });
    // An interrupted run stays in the inbox and runs again on the next start.
    if (meaningOf(result.status).final) inbox.finish(info.eventId);
  }

  /**
   * The timeout of the hook that runs the record's command: from the followed files (the sending
   * client's entry first), else from the project's own files, else the default.
   */
  private timeoutFor(event: string, { command, clientEnv }: RecordContent, cwd: string | undefined): number {
    const client = clientFromEnv(clientEnv);
    const timeout = timeoutOf(this.options.config.hooks.entriesFor(event, command, client)) ?? this.options.projects.timeoutFor(event, command, clientEnv, cwd, client);
    if (timeout !== undefined) return timeout;
    this.options.logger.warn({ event, command: command.slice(0, 200) }, `command not in the settings files the daemon follows, nor in its project's; running it with the default ${DEFAULT_TIMEOUT_SEC} s timeout`);
    return DEFAULT_TIMEOUT_SEC * 1000;
  }
}
