// The daemon's lifecycle: take the lock, load the settings and follow them, serve the local API,
// drain the inbox and follow it (pipeline.ts). Stopping lets running hooks finish up to a deadline,
// then interrupts them; what did not finish stays in the inbox for the next start.
import path from 'node:path';
import { existsSync, mkdirSync, unlinkSync } from 'node:fs';
import type { Server } from 'node:http';
import { watchSettings } from '../settings/watch.js';
import { resolveSources } from '../clients/find-sources.js';
import { LiveConfig } from './live-config.js';
import { openPipeline, type Pipeline } from './pipeline.js';
import { startLocalApi, startLoopbackApi, type Fallback } from './local-api.js';
import { readOrCreateToken } from './local-token.js';
import { buildRoutes } from './routes.js';
import { prepareStateDir } from './state-dir.js';
import { takeDaemonLock } from './lock.js';
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
  /** Also serve the local API on 127.0.0.1 at this port (0: any free port), behind a bearer token. */
  tcpPort?: number;
}

export interface RunningDaemon {
  reload(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves with a reason if the daemon loses its state directory or socket and stops by itself. */
  lost: Promise<string>;
}

// How often the daemon checks that its state directory and socket are still there.
const LIFELINE_MS = 2000;

// What a started daemon holds, so that stopping (or a failed start) can let go of each.
interface Parts {
  config?: LiveConfig;
  pipeline?: Pipeline;
  stopWatching?: () => Promise<void>;
  servers: Server[];
}

// Everything but the lock, in order: settings, pipeline, watchers, the local API, then the inbox.
async function assemble(options: DaemonOptions, parts: Parts): Promise<void> {
  const { paths, logger } = options;
  // Every known client's user files, present or not: a client installed later is picked up live.
  const sources = resolveSources({ settings: paths.settings, client: options.client }, { every: true });
  const config = (parts.config = new LiveConfig(sources, logger.child({ part: 'settings' })));
  await config.reload();
  const pipeline = (parts.pipeline = openPipeline({ stateDir: paths.stateDir, socket: paths.socket, config, logger, concurrency: options.concurrency, graceMs: options.graceMs }));
  const watchers = await Promise.all(sources.map((source) => watchSettings(source.file, () => void config.reload())));
  parts.stopWatching = async () => void (await Promise.all(watchers.map((watcher) => watcher.close())));
  mkdirSync(path.dirname(paths.socket), { recursive: true, mode: 0o700 });
  const { history, scheduler, inbox } = pipeline;
  const routes = buildRoutes({ version: options.version, startedAt: Date.now(), stateDir: paths.stateDir, socket: paths.socket, config, history, scheduler, inbox });
  parts.servers.push(await startLocalApi(paths.socket, routes, options.fallback));
  if (options.tcpPort !== undefined) parts.servers.push(await startLoopbackApi(options.tcpPort, readOrCreateToken(paths.stateDir), routes, options.fallback));
  await pipeline.start();
  logger.info({ stateDir: paths.stateDir, socket: paths.socket, settings: sources.map((source) => source.file), tcp: parts.servers[1]?.address(), version: options.version }, 'hookd daemon started');
}

// Someone deleted the state directory (or the socket): carrying on would leave a daemon nobody
// can reach. Stop with a clear reason instead; the service manager starts a fresh one.
function lifeline(paths: Paths, logger: Logger, daemon: () => RunningDaemon, stopping: () => boolean): { lost: Promise<string>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const lost = new Promise<string>((resolve) => {
    timer = setInterval(() => {
      const missing = !existsSync(paths.stateDir) ? paths.stateDir : !existsSync(paths.socket) ? paths.socket : undefined;
      if (!missing || stopping()) return;
      const reason = `${missing} was deleted while the daemon ran; stopping (start it again to recreate it)`;
      logger.fatal({ missing }, reason);
      void daemon().stop().then(() => resolve(reason));
    }, LIFELINE_MS);
    timer.unref();
  });
  return { lost, cancel: () => clearInterval(timer) };
}

/** Start the daemon; resolves once it serves the socket and has begun draining the inbox. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { paths, logger } = options;
  prepareStateDir(paths.stateDir);
  const releaseLock = takeDaemonLock(paths.stateDir);
  const parts: Parts = { servers: [] };
  try {
    await assemble(options, parts);
  } catch (error) {
    await parts.pipeline?.stop(0);
    await parts.stopWatching?.();
    for (const server of parts.servers) server.close();
    releaseLock();
    throw error;
  }
  let stopping = false;
  const life = lifeline(paths, logger, () => daemon, () => stopping);
  const daemon: RunningDaemon = {
    lost: life.lost,
    reload: () => parts.config!.reload(),
    async stop() {
      life.cancel();
      if (stopping) return;
      stopping = true;
      // Running hooks get until the deadline; then they are interrupted and stay in the inbox.
      const drained = parts.pipeline!.stop(options.shutdownDeadlineMs ?? 10_000);
      await parts.stopWatching?.();
      for (const server of parts.servers) server.close();
      await drained;
      for (const server of parts.servers) server.closeAllConnections();
      try {
        unlinkSync(paths.socket);
      } catch {
        // Already gone.
      }
      releaseLock();
      logger.info('hookd daemon stopped');
    },
  };
  return daemon;
}
