// `hookd daemon`: run the daemon in the foreground until SIGTERM or SIGINT; SIGHUP reloads the settings.
// It logs to stderr and, once it holds its state directory, to <state>/daemon.log (hookd logs).
import { packageVersion } from '../common/package-root.js';
import { startDaemon, type RunningDaemon } from '../daemon/daemon.js';
import type { Proxy } from '../platform/api/proxy.js';
import type { Fallback } from '../server/local-api.js';
import { createDaemonLog } from '../daemon/daemon-log.js';
import { resolvePaths } from '../common/paths.js';
import { HookdError } from '../common/errors.js';

export interface DaemonCommandOptions {
  settings?: string;
  client?: string;
  stateDir?: string;
  socket?: string;
  /** Parsed and defaulted once, in src/cli/options.ts. */
  concurrency: number;
  shutdownDeadline: number;
  tcpPort?: number;
}

// Long enough for the last log lines and answers to be written, short beside any restart.
const EXIT_AFTER_STOP_MS = 250;

/** Run the daemon until a stop signal. */
export async function daemonCommand(options: DaemonCommandOptions): Promise<void> {
  const log = createDaemonLog();
  const { logger } = log;
  const paths = resolvePaths(options);
  // The platform proxy: hook scripts reach sessions and messages through the daemon, never holding
  // the key. Loaded on the first /api/ request: a daemon that only runs hooks stays small, and a
  // smaller process forks its hooks faster (bench/bridge.mjs).
  let proxy: Proxy | undefined;
  const fallback: Fallback = async (req, res) => {
    if (!req.url?.startsWith('/api/')) return false;
    proxy ??= (await import('../platform/api/proxy-from-env.js')).proxyFromEnvironment(logger.child({ part: 'proxy' }));
    return proxy.handle(req, res);
  };
  // The log file goes into the state directory once startDaemon has checked it (owner, mode, every
  // component of its path) and holds its lock: one daemon writes it, never through a planted link.
  // A stop signal is heard from the start: the loopback listener accepts hook requests before the
  // daemon has finished starting, and a signal's default action would end the process with those
  // requests unanswered (reset). One that comes during the start stops the daemon once it is up.
  // A second signal during the start ends the process at once: a start that hangs can still be left.
  let stopAsked: NodeJS.Signals | undefined;
  let onStop = (signal: NodeJS.Signals) => (stopAsked ? process.exit(1) : void (stopAsked = signal));
  const hear = (signal: NodeJS.Signals) => onStop(signal);
  process.on('SIGTERM', hear);
  process.on('SIGINT', hear);
  // SIGHUP reloads the settings; during the start they are being loaded anyway (its default action would end the daemon).
  let daemon: RunningDaemon | undefined;
  process.on('SIGHUP', () => {
    logger.info('SIGHUP: reloading the settings');
    void daemon?.reload();
  });
  daemon = await startDaemon({
    paths,
    client: options.client,
    logger,
    version: packageVersion(),
    concurrency: options.concurrency,
    shutdownDeadlineMs: options.shutdownDeadline * 1000,
    fallback,
    tcpPort: options.tcpPort,
    holding: log.keepIn,
  });
  const running = daemon;
  const lost = await new Promise<string | undefined>((resolve) => {
    onStop = (signal: NodeJS.Signals) => {
      // From here a second signal has its default action: it ends a stop that hangs.
      process.off('SIGTERM', hear);
      process.off('SIGINT', hear);
      logger.info({ signal }, 'stopping');
      void running.stop().then(() => resolve(undefined));
    };
    if (stopAsked) onStop(stopAsked);
    void running.lost.then(resolve);
  });
  proxy?.close();
  // The process ends with the stop, whatever a library still holds: the OTLP exporter's retry timers
  // kept a daemon alive 3–7 s past "stopped" with a hanging collector (issue 21), and a service
  // manager's restart waits on the exit. Unref'd: a process with nothing left exits at once anyway.
  setTimeout(() => process.exit(), EXIT_AFTER_STOP_MS).unref();
  if (lost) throw new HookdError('ELOST', lost);
}
