// The daemon: its parts, in the order they start (lifecycle.ts stops them in reverse). It takes the
// lock, loads the settings and follows them, opens the inbox and the history, subscribes what watches
// the runs, serves the loopback listener and the local API, then drains the inbox and follows it.
// Stopping lets running hooks finish up to a deadline, then interrupts them; what did not finish
// stays in the inbox for the next start.
import { statSync } from 'node:fs';
import { openPipeline } from './pipeline/pipeline.js';
import { hookEndpoint } from '../transport/hook-endpoint.js';
import { POSTING } from '../settings/entry-kinds.js';
import type { Fallback } from '../server/local-api.js';
import { LocalToken } from '../server/local-token.js';
import { buildRoutes } from './routes.js';
import { keptHookReport } from '../cannot-run/kept-hook-report.js';
import { openObservers } from './observers.js';
import { securePaths } from './state-dir.js';
import { takeDaemonLock } from './lock.js';
import { lifeline } from './lifeline.js';
import { Lifecycle } from './lifecycle.js';
import { FollowedSettings } from './follow-settings.js';
import { OpenConnections } from './open-connections.js';
import { LoopbackListener } from './serve-loopback.js';
import { LocalSocket } from './serve-socket.js';
import { startTracing } from '../telemetry/start-tracing.js';
import { Dashboard } from '../dashboard/dashboard.js';
import { WarmHandlers } from './warm-route.js';
import { warmBounds } from '../executor/platform.js';
import { inheritedByHooks } from '../runner/hook-env.js';
import type { Logger } from '../common/logger.js';
import type { Paths } from '../common/paths.js';

export interface DaemonOptions {
  paths: Paths;
  /** The client of a given settings file (`--client`), when its path does not say. */
  client?: string;
  logger: Logger;
  version: string;
  concurrency?: number;
  /** How long running hooks may go on after a stop request before they are interrupted. */
  shutdownDeadlineMs?: number;
  /** SIGTERM → SIGKILL grace for hooks. */
  graceMs?: number;
  /** Mounted on the local API for routes it does not know (the platform proxy). */
  fallback?: Fallback;
  /** The loopback listener's port (0: any free port; undefined: the fixed default): the local API behind a bearer token, and the hook endpoint. */
  tcpPort?: number;
  /** Called with the real state directory once it is checked and locked, before anything is logged (the log file goes there). */
  holding?: (stateDir: string) => void;
}

export interface RunningDaemon {
  reload(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves with a reason if the daemon loses its state directory or socket and stops by itself. */
  lost: Promise<string>;
}

// Start every part in order; `paths` are the real ones (state-dir.ts says why).
async function assemble(options: DaemonOptions, paths: Paths, parts: Lifecycle): Promise<RunningDaemon> {
  const { logger } = options;
  const lock = await parts.start(await takeDaemonLock(paths.stateDir));
  options.holding?.(paths.stateDir);
  const connections = await parts.start(new OpenConnections());
  const settings = await parts.start(
    new FollowedSettings({ settings: paths.settings, client: options.client }, logger),
  );
  const { config } = settings;
  // The inbox and the history: opened before what subscribes to runs, closed after it; taking records starts last.
  const pipeline = openPipeline({
    stateDir: paths.stateDir,
    socket: paths.socket,
    config,
    logger,
    concurrency: options.concurrency,
    graceMs: options.graceMs,
  });
  await parts.start({ close: () => pipeline.close() });
  const { history, scheduler, inbox, runs } = pipeline;
  await parts.start(await startTracing(runs, logger.child({ part: 'otlp' }), options.version));
  const token = new LocalToken(paths.stateDir);
  // The loopback listener runs always: Claude Code's http hooks post to its hook endpoint. Made here,
  // so that GET /status can say what it holds; started later, up before the socket, so that a page
  // asked for over the socket is served on it, not on a listener of its own.
  const loopback = new LoopbackListener({ port: options.tcpPort, token, logger }, connections);
  // One report for GET /status, the page and the metrics, kept until what it was read from changes.
  const hookReport = keptHookReport(paths.stateDir, () => config.sources, logger.child({ part: 'status' }));
  await parts.start({
    routes: buildRoutes({
      version: options.version,
      startedAt: Date.now(),
      stateDir: paths.stateDir,
      socket: paths.socket,
      config,
      history,
      scheduler,
      inbox,
      token,
      loopback,
      hookReport,
    }),
  });
  // The warm handlers' route (POST /warm), on the socket only; a test may shorten its bounds.
  await parts.start(
    new WarmHandlers(
      config,
      // Hookd's secrets and inherited canonical fields reach no hook, warm or cold (runner/hook-env.ts).
      { ...warmBounds(), env: inheritedByHooks(process.env) },
      logger.child({ part: 'warm' }),
    ),
  );
  const observers = await parts.start(
    openObservers(paths.stateDir, pipeline, config, logger.child({ part: 'observe' }), hookReport),
  );
  await parts.start({
    // An endpoint for every kind of entry that posts (settings/entry-kinds.ts): a new row is served.
    mounts: POSTING.map(({ kind, posting }) =>
      hookEndpoint({
        stateDir: paths.stateDir,
        config,
        logger: logger.child({ part: kind === 'http' ? 'hooks' : kind }),
        inLine: { runs, socket: paths.socket },
        posting,
      }),
    ),
  });
  await parts.start(new Dashboard((mount) => loopback.openFor(mount)));
  await parts.start(loopback);
  const socket = await parts.start(new LocalSocket(paths.socket, observers.countProxy(options.fallback), connections));
  await parts.start({ start: () => pipeline.start(), stop: () => pipeline.stop(options.shutdownDeadlineMs ?? 10_000) });
  // One stop, however often asked (the lifeline, SIGTERM, SIGINT): every caller awaits the same one.
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= parts.stop().then(() => logger.info('hookd daemon stopped')));
  const { dev, ino } = statSync(paths.stateDir);
  const life = await parts.start(
    lifeline(
      { given: options.paths, used: paths, lock, socket: socket.claimed, stateDirId: { dev, ino } },
      logger,
      stop,
    ),
  );
  logger.info(
    {
      stateDir: paths.stateDir,
      socket: paths.socket,
      settings: settings.sources.map((source) => source.file),
      tcp: loopback.address,
      version: options.version,
    },
    'hookd daemon started',
  );
  return { lost: life.lost, reload: () => config.reload(), stop };
}

/** Start the daemon; resolves once it serves the socket and has begun draining the inbox. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  // Resolved once: from here on the daemon uses the real paths, checked (state-dir.ts says why).
  const paths = securePaths(options.paths);
  const parts = new Lifecycle();
  try {
    return await assemble(options, paths, parts);
  } catch (error) {
    // The start's failure is the one to tell, not a failure of letting go after it.
    await parts.stop().catch(() => undefined);
    throw error;
  }
}
