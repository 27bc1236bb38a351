// From a claimed record to a recorded outcome: validate, find the hook's timeout in the config,
// drop a duplicate delivery, run under the scheduler, record, and only then delete the record.
import { createHash } from 'node:crypto';
import { parsePayload } from '../events/parse-payload.js';
import { runHook } from '../runner/run-hook.js';
import { hookCwd, hookEnv } from '../runner/hook-env.js';
import { DEFAULT_TIMEOUT_SEC } from '../settings/config.js';
import { timeoutOf } from '../settings/daemon-hooks.js';
import { clientFromEnv } from '../clients/registry.js';
import type { ProjectHooks } from './project-hooks.js';
import { headOf, type History, type HistoryEntry } from './history.js';
import type { Inbox } from '../events/inbox.js';
import type { AttemptJournal } from '../events/attempt-journal.js';
import type { LiveConfig } from './live-config.js';
import type { Scheduler } from './scheduler.js';
import type { Logger } from '../common/logger.js';

/** A record whose runs keep being cut short by the daemon stopping is set aside after this many. */
export const MAX_ATTEMPTS = 5;
/** The same event delivered twice within this window, for the same command, runs once. */
export const DUPLICATE_WINDOW_MS = 2000;
/** How long before a record whose run failed inside the daemon (not the hook) is tried again. */
const RETRY_MS = 2000;

export interface DispatchOptions {
  inbox: Inbox;
  journal: AttemptJournal;
  config: LiveConfig;
  /** The hooks of the projects events come from, for commands no followed file names. */
  projects: ProjectHooks;
  history: History;
  scheduler: Scheduler;
  logger: Logger;
  socket: string;
  /** Aborted when running hooks must be interrupted (shutdown deadline passed). */
  interrupt: AbortSignal;
  /** True once the daemon stops taking records: queued runs stay in the inbox for the next start. */
  stopping: () => boolean;
  graceMs?: number;
  /** Called whenever a record is finished, so the intake can admit more. */
  onSettled?: () => void;
}

/** Admits claimed records and sees each through to one recorded outcome. */
export class Dispatcher {
  /** Keys admitted and not yet finished. */
  readonly inFlight = new Set<string>();
  private readonly seen = new Map<string, { at: number; key: string }>();

  constructor(private readonly options: DispatchOptions) {}

  /** Read and check a claimed record, then schedule its run. Resolves once it is scheduled (or set aside). */
  async admit(key: string, attempt: number): Promise<void> {
    if (this.inFlight.has(key)) return;
    const { inbox, logger } = this.options;
    let read: ReturnType<Inbox['read']>;
    try {
      read = inbox.read(key);
    } catch (error) {
      read = { ok: false, reason: `cannot read the record: ${(error as Error).message}` };
    }
    const reject = (reason: string, event = '', session = '', command = '') => {
      logger.warn({ eventId: key, reason }, 'event rejected; kept in the inbox rejected/ folder');
      inbox.reject(key, reason);
      this.options.journal.forget(key);
      this.record({ time: new Date().toISOString(), eventId: key, event, session, command, outcome: 'rejected', attempt, detail: reason });
    };
    if (!read.ok) return reject(read.reason);
    const record = read.record;
    const parsed = parsePayload(record.payload, 'payload');
    if (!parsed.ok) return reject(parsed.reason, '', '', record.command);
    const payload = parsed.payload;
    if (attempt > MAX_ATTEMPTS) {
      return reject(`gave up after ${MAX_ATTEMPTS} attempts: the daemon stopped during each run`, payload.event, payload.sessionId, record.command);
    }
    const base = { eventId: key, event: payload.event, session: payload.sessionId, command: record.command, attempt };
    if (attempt === 1 && this.isDuplicate(key, record.command, record.payload, record.receivedAt)) {
      logger.info(base, 'same event delivered twice within 2 s; ran it once');
      this.record({ time: new Date().toISOString(), ...base, outcome: 'duplicate' });
      this.finish(key);
      return;
    }
    const timeoutMs = this.timeoutFor(payload.event, record.command, record.clientEnv, payload.cwd);
    this.inFlight.add(key);
    void this.options.scheduler
      .schedule(`${payload.sessionId}\0${record.command}`, async () => {
        if (this.options.stopping()) return;
        this.options.journal.note(key, attempt);
        const outcome = await runHook({
          command: record.command,
          payload: record.payload,
          cwd: hookCwd(payload.cwd),
          env: hookEnv({ eventId: key, event: payload.event, attempt, socket: this.options.socket, clientEnv: record.clientEnv, command: record.command }),
          timeoutMs,
          graceMs: this.options.graceMs,
          signal: this.options.interrupt,
        });
        const entry = {
          time: new Date().toISOString(),
          ...base,
          outcome: outcome.status,
          exitCode: outcome.exitCode,
          signal: outcome.signal,
          durationMs: outcome.durationMs,
          stdout: headOf(outcome.stdout.text),
          stderr: headOf(outcome.stderr.text),
          truncated: outcome.stdout.truncated || outcome.stderr.truncated,
          ...(outcome.error ? { detail: outcome.error } : {}),
        };
        const level = outcome.status === 'ok' ? 'info' : 'warn';
        logger[level]({ ...base, outcome: outcome.status, exitCode: outcome.exitCode, durationMs: outcome.durationMs }, 'hook finished');
        this.record(entry);
        // An interrupted run stays in the inbox and runs again on the next start.
        if (outcome.status !== 'interrupted') this.finish(key);
      })
      .catch((error: Error) => {
        // A full disk, say, before the hook could start: the record stays in cur/ and is tried again.
        logger.error({ ...base, error: error.message }, `run failed inside the daemon; trying again in ${RETRY_MS / 1000} s`);
        if (!this.options.stopping()) setTimeout(() => void this.admit(key, attempt), RETRY_MS).unref();
      })
      .finally(() => {
        this.inFlight.delete(key);
        this.options.onSettled?.();
      });
  }

  /** The record's outcome is recorded: delete it, and its runs no longer count. */
  private finish(key: string): void {
    this.options.inbox.complete(key);
    this.options.journal.forget(key);
  }

  /** Write an outcome to the history; when that fails (a full disk), the log line carries it instead. */
  private record(entry: HistoryEntry): void {
    try {
      this.options.history.record(entry);
    } catch (error) {
      this.options.logger.error({ ...entry, error: (error as Error).message }, 'could not write the history; the outcome is logged here');
    }
  }

  /**
   * The timeout of the hook that runs `command`: from the followed files (the sending client's
   * entry first), else from the project's own files, else the default.
   */
  private timeoutFor(event: string, command: string, clientEnv: Record<string, string>, cwd: string | undefined): number {
    const client = clientFromEnv(clientEnv);
    const timeout = timeoutOf(this.options.config.hooks.entriesFor(event, command, client)) ?? this.options.projects.timeoutFor(event, command, clientEnv, cwd, client);
    if (timeout !== undefined) return timeout;
    this.options.logger.warn({ event, command: command.slice(0, 200) }, `command not in the settings files the daemon follows, nor in its project's; running it with the default ${DEFAULT_TIMEOUT_SEC} s timeout`);
    return DEFAULT_TIMEOUT_SEC * 1000;
  }

  /** Whether another record (not `key` itself, which may be admitted again) carried this event within the window. */
  private isDuplicate(key: string, command: string, payload: Buffer, receivedAt: number): boolean {
    const fingerprint = createHash('sha256').update(command).update('\0').update(payload).digest('hex');
    for (const [seenPrint, seen] of this.seen) {
      if (receivedAt - seen.at <= DUPLICATE_WINDOW_MS) break;
      this.seen.delete(seenPrint);
    }
    const last = this.seen.get(fingerprint);
    this.seen.delete(fingerprint);
    this.seen.set(fingerprint, { at: receivedAt, key });
    return last !== undefined && last.key !== key && Math.abs(receivedAt - last.at) <= DUPLICATE_WINDOW_MS;
  }
}
