// `hookd daemon`: run the daemon in the foreground until SIGTERM or SIGINT; SIGHUP reloads the settings.
import { readFileSync } from 'node:fs';
import { startDaemon } from '../daemon/daemon.js';
import type { Proxy } from '../api/proxy.js';
import type { Fallback } from '../daemon/local-api.js';
import { createLogger } from '../common/logger.js';
import { resolvePaths } from '../common/paths.js';
import { HookdError, UsageError } from '../common/errors.js';

export interface DaemonCommandOptions {
  settings?: string;
  client?: string;
  stateDir?: string;
  socket?: string;
  concurrency?: string;
  shutdownDeadline?: string;
  tcpPort?: string;
}

function version(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** Run the daemon until a stop signal. */
export async function daemonCommand(options: DaemonCommandOptions): Promise<void> {
  const concurrency = Number(options.concurrency ?? '8');
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) {
    throw new UsageError(`--concurrency must be an integer from 1 to 256, got ${JSON.stringify(options.concurrency)}`);
  }
  const deadline = Number(options.shutdownDeadline ?? '10');
  if (!Number.isFinite(deadline) || deadline < 0) {
    throw new UsageError(`--shutdown-deadline must be a number of seconds, got ${JSON.stringify(options.shutdownDeadline)}`);
  }
  const tcpText = options.tcpPort ?? process.env.HOOKD_TCP_PORT;
  const tcpPort = tcpText === undefined || tcpText === '' ? undefined : Number(tcpText);
  if (tcpPort !== undefined && (!Number.isInteger(tcpPort) || tcpPort < 0 || tcpPort > 65535)) {
    throw new UsageError(`--tcp-port must be a port number from 0 to 65535, got ${JSON.stringify(tcpText)}`);
  }
  const logger = createLogger();
  const paths = resolvePaths(options);
  // The platform proxy: hook scripts reach sessions and messages through the daemon, never holding
  // the key. Loaded on the first /api/ request: a daemon that only runs hooks stays small, and a
  // smaller process forks its hooks faster (bench/bridge.mjs).
  let proxy: Proxy | undefined;
  const fallback: Fallback = async (req, res) => {
    if (!req.url?.startsWith('/api/')) return false;
    proxy ??= (await import('../api/proxy-from-env.js')).proxyFromEnvironment(logger.child({ part: 'proxy' }));
    return proxy.handle(req, res);
  };
  const daemon = await startDaemon({ paths, client: options.client, logger, version: version(), concurrency, shutdownDeadlineMs: deadline * 1000, fallback, tcpPort });
  process.on('SIGHUP', () => {
    logger.info('SIGHUP: reloading the settings');
    void daemon.reload();
  });
  const lost = await new Promise<string | undefined>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'stopping');
      void daemon.stop().then(() => resolve(undefined));
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    void daemon.lost.then(resolve);
  });
  proxy?.close();
  if (lost) throw new HookdError('ELOST', lost);
}
