// The daemon's lifecycle: take the lock, load the settings and follow them, serve the local API,
// drain the inbox and follow it (pipeline.ts). Stopping lets running hooks finish up to a deadline,
// then interrupts them; what did not finish stays in the inbox for the next start.
import { rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { watchSettings } from '../settings/watch.js';
import { resolveSources } from '../clients/find-sources.js';
import { LiveConfig } from '../settings/live-config.js';
import { openPipeline, type Pipeline } from './pipeline/pipeline.js';
import { hookEndpoint } from '../transport/hook-endpoint.js';
import { startHookListener } from '../server/loopback-listener.js';
import { closeGently } from '../server/close-gently.js';
import { startLocalApi, startLoopbackApi, type Fallback, type Mount } from '../server/local-api.js';
import { LocalToken } from '../server/local-token.js';
import { buildRoutes } from './routes.js';
import { openObservers, type Observers } from './observers.js';
import { securePaths } from './state-dir.js';
import { takeDaemonLock, type DaemonLock } from './lock.js';
import { lifeline } from './lifeline.js';
import { stillClaimed, type Claimed } from '../server/socket-claim.js';
import { startTracing, type Tracing } from '../telemetry/start-tracing.js';
import { Dashboard } from '../dashboard/dashboard.js';
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

// How long a stop waits for the loopback requests under way: a hook request on loopback takes
// milliseconds; a stream (the dashboard's) never ends by itself and is cut after this.
const HOOK_REQUESTS_FINISH_MS = 2000;
// How long a stop waits for the OTLP collector to take the last spans.
const TRACING_FLUSH_MS = 2000;

// What a started daemon holds, so that stopping (or a failed start) can let go of each.
interface Parts {
  config?: LiveConfig;
  pipeline?: Pipeline;
  stopWatching?: () => Promise<void>;
  servers: Server[];
  /** The local API's socket file, to tell at stop whether it is still ours to remove. */
  socket?: Claimed;
  /** OTLP spans of runs, when configured. */
  tracing?: Tracing;
  /** Kept failed payloads, the run stream, the metrics. */
  observers?: Observers;
  /** The loopback listener with the hook endpoint: closed gently at stop (close-gently.ts). */
  hookListener?: Server;
}

// Everything but the lock, in order: settings, pipeline, watchers, the local API, then the inbox.
async function assemble(options: DaemonOptions, parts: Parts): Promise<void> {
  const { paths, logger } = options;
  // Every known client's user files, present or not: a client installed later is picked up live.
  // Found again at each reload: a file added to (or removed from) a hook folder counts at once.
  const find = () => resolveSources({ settings: paths.settings, client: options.client }, { every: true });
  const sources = find();
  const config = (parts.config = new LiveConfig(find, logger.child({ part: 'settings' })));
  await config.reload();
  const pipeline = (parts.pipeline = openPipeline({ stateDir: paths.stateDir, socket: paths.socket, config, logger, concurrency: options.concurrency, graceMs: options.graceMs }));
  parts.tracing = await startTracing(pipeline.events, logger.child({ part: 'otlp' }), options.version);
  // A hook folder is watched once, through hookd's own file there, for any of its `*.json`.
  const watched = sources.filter((source) => !source.inFolder || source.ownFile);
  const watchers = await Promise.all(watched.map((source) => watchSettings(source.file, () => void config.reload(), 100, { folder: source.inFolder })));
  parts.stopWatching = async () => void (await Promise.all(watchers.map((watcher) => watcher.close())));
  const { history, scheduler, inbox } = pipeline;
  const observers = (parts.observers = openObservers(paths.stateDir, pipeline, config, logger.child({ part: 'observe' })));
  // The live page: on the loopback listener, opened on a free port when a page is first asked for without --tcp-port.
  const token = new LocalToken(paths.stateDir);
  const loopback = async (port: number, mount: Mount) => {
    const server = await startLoopbackApi({ host: '127.0.0.1', port }, token, routes, [mount]);
    parts.servers.push(server);
    return server;
  };
  const dashboard = new Dashboard((mount) => loopback(0, mount));
  const routes = [...buildRoutes({ version: options.version, startedAt: Date.now(), stateDir: paths.stateDir, socket: paths.socket, config, history, scheduler, inbox, token }), ...observers.routes, ...dashboard.routes];
  dashboard.reach(routes);
  const fallback = observers.countProxy(options.fallback);
  // The loopback listener runs always: Claude Code's http hooks post to its hook endpoint. Up before
  // the socket, so that a page asked for over the socket is served on it, not on a listener of its own.
  const endpoint = hookEndpoint({ stateDir: paths.stateDir, config, logger: logger.child({ part: 'hooks' }), inLine: { events: pipeline.events, socket: paths.socket } });
  const listener = await startHookListener({ port: options.tcpPort, token, routes, mounts: [endpoint, dashboard.mount], logger });
  if (listener) parts.servers.push((parts.hookListener = listener));
  if (listener) dashboard.adopt(listener);
  const api = await startLocalApi(paths.socket, routes, fallback);
  parts.servers.push(api.server);
  parts.socket = api.claimed;
  await pipeline.start();
  logger.info({ stateDir: paths.stateDir, socket: paths.socket, settings: sources.map((source) => source.file), tcp: parts.hookListener?.address(), version: options.version }, 'hookd daemon started');
}

/** Start the daemon; resolves once it serves the socket and has begun draining the inbox. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { logger } = options;
  // Resolved once: from here on the daemon uses the real paths, checked (state-dir.ts says why).
  const paths = securePaths(options.paths);
  const lock = await takeDaemonLock(paths.stateDir);
  options.holding?.(paths.stateDir);
  const parts: Parts = { servers: [] };
  try {
    await assemble({ ...options, paths }, parts);
  } catch (error) {
    await parts.pipeline?.stop(0);
    await parts.tracing?.stop(0);
    parts.observers?.close();
    await parts.stopWatching?.();
    for (const server of parts.servers) server.close();
    lock.release();
    throw error;
  }
  // One stop, however often asked (the lifeline, SIGTERM, SIGINT): every caller awaits the same one.
  let stopping: Promise<void> | undefined;
  const { dev, ino } = statSync(paths.stateDir);
  const life = lifeline({ given: options.paths, used: paths, lock, socket: parts.socket!, stateDirId: { dev, ino } }, logger, () => daemon.stop(), () => stopping !== undefined);
  const daemon: RunningDaemon = {
    lost: life.lost,
    reload: () => parts.config!.reload(),
    stop() {
      life.cancel();
      return (stopping ??= stopParts(options, paths, parts, lock, logger));
    },
  };
  return daemon;
}

// Running hooks get until the deadline; then they are interrupted and stay in the inbox.
async function stopParts(options: DaemonOptions, paths: Paths, parts: Parts, lock: DaemonLock, logger: Logger): Promise<void> {
  const drained = parts.pipeline!.stop(options.shutdownDeadlineMs ?? 10_000);
  await parts.stopWatching?.();
  // Only our own socket, and before the server lets go of it: then no other daemon can take the
  // path in between (one that replaced it belongs to someone else).
  if (stillClaimed(paths.socket, parts.socket!) === true) rmSync(paths.socket, { force: true });
  // The hook requests already sent are answered; those not yet accepted wait for the next daemon when the service holds the socket.
  const answered = parts.hookListener && closeGently(parts.hookListener, HOOK_REQUESTS_FINISH_MS);
  for (const server of parts.servers) if (server !== parts.hookListener) server.close();
  await drained;
  await answered;
  parts.observers?.close();
  // The last spans get a short while; a hanging collector never holds the stop.
  await parts.tracing?.stop(TRACING_FLUSH_MS);
  for (const server of parts.servers) server.closeAllConnections();
  lock.release();
  logger.info('hookd daemon stopped');
}
