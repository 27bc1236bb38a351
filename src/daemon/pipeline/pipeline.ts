// The daemon's pipeline, put together: the inbox store → intake → work queue → dispatch (under the
// scheduler) → the run bus, to which the history and the log subscribe. Stopping closes the queue
// and awaits the dispatcher's drain; hooks still running at the deadline are interrupted and their
// records stay in the inbox for the next start. The stores are closed apart (`close`), after every
// subscriber of runs has let go: the pipeline is opened before them and started after them.
import { Inbox, type Claim } from '../../inbox/inbox.js';
import { RunBus } from '../../runs/run-bus.js';
import { History } from '../../history/history.js';
import { recordHistory } from '../../history/record-history.js';
import { logRuns } from './log-runs.js';
import { Scheduler } from './scheduler.js';
import { WorkQueue } from './work-queue.js';
import { Dispatcher } from './dispatch.js';
import { Intake } from './intake.js';
import { daemonExecutor } from '../../executor/platform.js';
import { DEFAULT_GRACE_MS } from '../../executor/executor.js';
import type { LiveConfig } from '../../settings/live-config.js';
import type { Logger } from '../../common/logger.js';

/** What the pipeline is built over. */
export interface PipelineOptions {
  stateDir: string;
  socket: string;
  config: LiveConfig;
  logger: Logger;
  concurrency?: number;
  /** SIGTERM → SIGKILL grace for hooks. */
  graceMs?: number;
}

/** The pipeline's parts the daemon shows (routes) or extends (subscribers), and its start and stop. */
export interface Pipeline {
  inbox: Inbox;
  history: History;
  scheduler: Scheduler;
  /** Runs' `started` and `finished`, for more subscribers (metrics, OTLP, the live page). */
  runs: RunBus;
  /** Start taking records: those a previous daemon left first, then the committed ones. */
  start(): Promise<void>;
  /** Take no more records at once; resolves once every record taken is settled, interrupting hooks still running after `deadlineMs`. */
  stop(deadlineMs: number): Promise<void>;
  /** Close the inbox (its journal of attempts), once nothing runs. */
  close(): void;
}

/** Records claimed and not yet settled beyond this many stay in new/ (backpressure). */
const MAX_IN_FLIGHT = 512;

// Hooks a crashed daemon left running: ended before their records run again, so that no event runs
// twice at once and the concurrency cap and per-session order hold from the first run on.
async function endLeftovers(inbox: Inbox, graceMs: number, logger: Logger): Promise<void> {
  const leftovers = inbox.leftoverHandles();
  if (leftovers.length === 0) return;
  const ended = await daemonExecutor.end(
    leftovers.map(({ handle }) => handle),
    graceMs,
  );
  for (const { key, handle } of leftovers) inbox.handleEnded(key, handle);
  if (ended.length > 0)
    logger.warn(
      { hooks: ended.slice(0, 20), count: ended.length },
      'ended hooks a previous daemon left running when it stopped abruptly; their events run again',
    );
}

/** Open the inbox and the history of `stateDir` and build the pipeline over them; nothing runs before `start`. */
export function openPipeline(options: PipelineOptions): Pipeline {
  const { stateDir, logger } = options;
  const inbox = new Inbox(stateDir);
  inbox.open();
  const history = new History(stateDir);
  history.open();
  const runLogger = logger.child({ part: 'runner' });
  const runs = new RunBus((error, name) =>
    runLogger.error({ error: (error as Error).message, on: name }, 'a subscriber of the run bus failed'),
  );
  recordHistory(runs, history, runLogger);
  logRuns(runs, runLogger);
  const scheduler = new Scheduler(options.concurrency ?? 8);
  const interrupt = new AbortController();
  const dispatcher = new Dispatcher({
    inbox,
    config: options.config,
    scheduler,
    runs,
    logger: runLogger,
    socket: options.socket,
    interrupt: interrupt.signal,
    graceMs: options.graceMs,
  });
  const queue = new WorkQueue<Claim>(MAX_IN_FLIGHT);
  const intake = new Intake(inbox, queue, logger.child({ part: 'inbox' }));
  return {
    inbox,
    history,
    scheduler,
    runs,
    async start() {
      await endLeftovers(inbox, options.graceMs ?? DEFAULT_GRACE_MS, runLogger);
      void dispatcher.consume(queue);
      await intake.start();
    },
    async stop(deadlineMs) {
      intake.stop();
      queue.close();
      const deadline = setTimeout(() => interrupt.abort(), deadlineMs);
      await dispatcher.stop();
      clearTimeout(deadline);
    },
    close: () => inbox.close(),
  };
}
