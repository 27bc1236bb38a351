// The loopback listener, up whenever the daemon runs: the local API behind the token, and the hook
// endpoint at /hooks/v1/. It listens on the socket the service manager passed (socket activation),
// else on 127.0.0.1 at the port given, else at the fixed default. A busy default port does not stop
// the daemon (the bridge still works): it says so, and `hookd doctor` shows it.
import type { Server } from 'node:http';
import { startLoopbackApi, type Fallback, type Mount, type Routes } from '../daemon/local-api.js';
import { takeActivatedSocket } from '../service/socket-activation.js';
import { DEFAULT_HOOK_PORT } from './hook-port.js';
import type { Logger } from '../common/logger.js';

export interface HookListenerOptions {
  /** The port given by --tcp-port or HOOKD_TCP_PORT (0: any free port); undefined: the default. */
  port: number | undefined;
  token: string;
  routes: Routes;
  fallback?: Fallback;
  /** The hook endpoint, and other mounts of the listener (the dashboard). */
  mounts: readonly Mount[];
  logger: Logger;
}

/** Start the loopback listener; undefined when the default port is taken. */
export async function startHookListener(options: HookListenerOptions): Promise<Server | undefined> {
  const { logger } = options;
  const fd = takeActivatedSocket();
  const where = fd !== undefined ? { fd } : options.port ?? DEFAULT_HOOK_PORT;
  try {
    const server = await startLoopbackApi(where, options.token, options.routes, options.fallback, options.mounts);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : undefined;
    logger.info({ port, activated: fd !== undefined }, `hook endpoint listening on http://127.0.0.1:${port}/hooks/v1/`);
    return server;
  } catch (error) {
    if (fd !== undefined || options.port !== undefined) throw error;
    logger.error(
      { port: DEFAULT_HOOK_PORT, error: (error as Error).message },
      `cannot listen on 127.0.0.1:${DEFAULT_HOOK_PORT}: http hooks cannot reach this daemon (the bridge still works); give another port with --tcp-port or HOOKD_TCP_PORT`,
    );
    return undefined;
  }
}
