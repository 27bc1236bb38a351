// The loopback listener, up whenever the daemon runs: the hook endpoint at /hooks/v1/, the page,
// and /metrics, behind the token (local-api.ts). It listens on the sockets the service manager
// passed (socket activation), else on 127.0.0.1 at the port given, else at the fixed default; and
// on [::1] at the same port, so that no other local user can take that address while it runs
// (listen-both.ts says why). A busy default port does not stop the daemon (the bridge still
// works): it says so, and `hookd doctor` shows it. Another user's listener on the port, seen at
// start, may have received hooks and their token while the daemon was down: the token is rotated.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { followConnections } from './close-gently.js';
import { startLoopbackApi, type Mount, type Routes } from './local-api.js';
import { takeActivatedSockets } from './socket-activation.js';
import { DEFAULT_HOOK_PORT } from './hook-port.js';
import { listenAlso } from './listen-both.js';
import { foreignListeners, userName } from './listener-owner.js';
import type { LocalToken } from './local-token.js';
import type { Logger } from '../common/logger.js';

export interface HookListenerOptions {
  /** The port given by --tcp-port or HOOKD_TCP_PORT (0: any free port); undefined: the default. */
  port: number | undefined;
  token: LocalToken;
  routes: Routes;
  /** The hook endpoint, and other mounts of the listener (the dashboard). */
  mounts: readonly Mount[];
  logger: Logger;
}

// Errors that mean this system has no IPv6 loopback: nothing there for anyone to take.
const NO_IPV6 = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EPROTONOSUPPORT']);

/** Also hold [::1]:`port`; says so plainly when it cannot, naming who holds it. */
async function holdIpv6(server: Server, port: number, logger: Logger): Promise<void> {
  try {
    await listenAlso(server, { host: '::1', port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_IPV6.has(code)) return logger.debug({ code }, 'no IPv6 loopback here: the listener holds 127.0.0.1 only');
    logger.error({ port, error: (error as Error).message }, `cannot also listen on [::1]:${port}: an http hook whose URL says localhost may reach whoever holds it; hook URLs should say 127.0.0.1 (hookd install writes that)`);
  }
}

/** Rotate the token when another user listens where loopback connections to `port` go. */
export function checkForeignListeners(port: number, token: LocalToken, logger: Logger): void {
  const foreign = foreignListeners(port);
  if (!foreign.length) return;
  token.rotate();
  for (const listener of foreign) {
    logger.error(
      { address: listener.address, port, uid: listener.uid },
      `${userName(listener.uid)} listens on ${listener.address}:${port}, where http hooks go: it may have received hooks and their token, so the token was rotated; export HOOKD_TOKEN again from the local-token file and restart the agent clients`,
    );
  }
}

// The passed sockets (127.0.0.1 and ::1 from hookd.socket), served by one server.
async function startActivated(fds: number[], options: HookListenerOptions): Promise<Server> {
  const server = await startLoopbackApi({ fd: fds[0]! }, options.token, options.routes, options.mounts);
  for (const fd of fds.slice(1)) await listenAlso(server, { fd });
  return server;
}

/** Start the loopback listener; undefined when the default port is taken. */
export async function startHookListener(options: HookListenerOptions): Promise<Server | undefined> {
  const { logger } = options;
  const fds = takeActivatedSockets();
  let server: Server;
  try {
    server = fds.length ? await startActivated(fds, options) : await startLoopbackApi({ host: '127.0.0.1', port: options.port ?? DEFAULT_HOOK_PORT }, options.token, options.routes, options.mounts);
  } catch (error) {
    if (fds.length || options.port !== undefined) throw error;
    logger.error(
      { port: DEFAULT_HOOK_PORT, error: (error as Error).message },
      `cannot listen on 127.0.0.1:${DEFAULT_HOOK_PORT}: http hooks cannot reach this daemon (the bridge still works); give another port with --tcp-port or HOOKD_TCP_PORT`,
    );
    checkForeignListeners(DEFAULT_HOOK_PORT, options.token, logger);
    return undefined;
  }
  followConnections(server);
  const { port } = server.address() as AddressInfo;
  if (!fds.length) await holdIpv6(server, port, logger);
  checkForeignListeners(port, options.token, logger);
  logger.info({ port, activated: fds.length > 0 }, `hook endpoint listening on http://127.0.0.1:${port}/hooks/v1/`);
  return server;
}
