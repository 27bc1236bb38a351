// The daemon's lifecycle: take the lock, load the settings and follow them, serve the local API,
// drain the inbox and follow it. Stopping lets running hooks finish up to a deadline, then
// interrupts them; what did not finish stays in the inbox for the next start.
import path from 'node:path';
import { existsSync, mkdirSync, unlinkSync } from 'node:fs';
import type { Server } from 'node:http';
import { Inbox } from '../events/inbox.js';
import { AttemptJournal } from '../events/attempt-journal.js';
import { watchSettings } from '../settings/watch.js';
import { resolveSources } from '../clients/find-sources.js';
import { LiveConfig } from './live-config.js';
import { ProjectHooks } from './project-hooks.js';
import { History } from './history.js';
import { Scheduler } from './scheduler.js';
import { Dispatcher } from './dispatch.js';
import { Intake } from './intake.js';
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

/** Start the daemon; resolves once it serves the socket and has begun draining the inbox. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { paths, logger } = options;
  prepareStateDir(paths.stateDir);
  const releaseLock = takeDaemonLock(paths.stateDir);
  const interrupt = new AbortController();
  let stopping = false;
  let server: Server | undefined;
  let tcpServer: Server | undefined;
  let stopWatching: (() => Promise<void>) | undefined;
  let intake: Intake | undefined;
  let journal: AttemptJournal | undefined;
  try {
    const inbox = new Inbox(paths.stateDir);
    inbox.ensure();
    journal = new AttemptJournal(inbox.dirs.root);
    journal.open(inbox.claimed());
    // Every known client's user files, present or not: a client installed later is picked up live.
    const sources = resolveSources({ settings: paths.settings, client: options.client }, { every: true });
    const config = new LiveConfig(sources, logger.child({ part: 'settings' }));
    await config.reload();
    const history = new History(paths.stateDir);
    history.open();
    const scheduler = new Scheduler(options.concurrency ?? 8);
    const dispatcher = new Dispatcher({
      inbox,
      journal,
      config,
      projects: new ProjectHooks(),
      history,
      scheduler,
      logger: logger.child({ part: 'runner' }),
      socket: paths.socket,
      interrupt: interrupt.signal,
      stopping: () => stopping,
      graceMs: options.graceMs,
      onSettled: () => intake?.poke(),
    });
    const watchers = await Promise.all(sources.map((source) => watchSettings(source.file, () => void config.reload())));
    stopWatching = async () => void (await Promise.all(watchers.map((watcher) => watcher.close())));
    mkdirSync(path.dirname(paths.socket), { recursive: true, mode: 0o700 });
    const routes = buildRoutes({ version: options.version, startedAt: Date.now(), stateDir: paths.stateDir, socket: paths.socket, config, history, scheduler, inbox });
    server = await startLocalApi(paths.socket, routes, options.fallback);
    if (options.tcpPort !== undefined) {
      tcpServer = await startLoopbackApi(options.tcpPort, readOrCreateToken(paths.stateDir), routes, options.fallback);
    }
    intake = new Intake(inbox, journal, dispatcher, logger.child({ part: 'inbox' }));
    await intake.start();
    logger.info({ stateDir: paths.stateDir, socket: paths.socket, settings: sources.map((source) => source.file), tcp: tcpServer?.address(), version: options.version }, 'hookd daemon started');

    // Someone deleted the state directory (or the socket): carrying on would leave a daemon nobody
    // can reach. Stop with a clear reason instead; the service manager starts a fresh one.
    let lifeline: NodeJS.Timeout | undefined;
    const lost = new Promise<string>((resolve) => {
      lifeline = setInterval(() => {
        const missing = !existsSync(paths.stateDir) ? paths.stateDir : !existsSync(paths.socket) ? paths.socket : undefined;
        if (!missing || stopping) return;
        const reason = `${missing} was deleted while the daemon ran; stopping (start it again to recreate it)`;
        logger.fatal({ missing }, reason);
        void daemon.stop().then(() => resolve(reason));
      }, LIFELINE_MS);
      lifeline.unref();
    });

    const daemon: RunningDaemon = {
      lost,
      reload: () => config.reload(),
      async stop() {
        clearInterval(lifeline);
        if (stopping) return;
        stopping = true;
        intake?.stop();
        await stopWatching?.();
        server?.close();
        tcpServer?.close();
        // Running hooks get until the deadline; then they are interrupted and stay in the inbox.
        const deadline = setTimeout(() => interrupt.abort(), options.shutdownDeadlineMs ?? 10_000);
        while (dispatcher.inFlight.size > 0 && scheduler.depth.running > 0) await new Promise((resolve) => setTimeout(resolve, 20));
        clearTimeout(deadline);
        server?.closeAllConnections();
        tcpServer?.closeAllConnections();
        try {
          unlinkSync(paths.socket);
        } catch {
          // Already gone.
        }
        journal?.close();
        releaseLock();
        logger.info('hookd daemon stopped');
      },
    };
    return daemon;
  } catch (error) {
    intake?.stop();
    await stopWatching?.();
    server?.close();
    tcpServer?.close();
    journal?.close();
    releaseLock();
    throw error;
  }
}
