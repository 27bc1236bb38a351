// The loopback listener, up whenever the daemon runs: the hook endpoint at /hooks/v1/, the page,
// and /metrics, behind the token (local-api.ts). It listens on the sockets the service manager
// passed (socket activation), else on 127.0.0.1 at the port given, else at the fixed default; and
// on [::1] at the same port, so that no other local user can take that address while it runs
// (listen-both.ts says why). A busy port does not stop the daemon (the bridge still works): it
// holds the address it could take and tries the other again until it is free
// (loopback-addresses.ts), saying so in the log, `hookd status`, `hookd doctor` and the page.
// Another user's listener on the port, seen at start, may have received hooks and their token
// while the daemon was down: the token is rotated.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { followConnections } from './close-gently.js';
import { createLoopbackApi, startLoopbackApi, type Mount, type Routes } from './local-api.js';
import { LoopbackAddresses, hostPort } from './loopback-addresses.js';
import { fail } from '../common/errors.js';
import { takeActivatedSockets } from './socket-activation.js';
import { DEFAULT_HOOK_PORT } from './hook-port.js';
import { listenAlso } from './listen-both.js';
import { foreignListeners, userName } from '../os/os.js';
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

/** The loopback listener, and the addresses it holds at its port (none to hold under socket activation: the service manager holds them). */
export interface HookListener {
  server: Server;
  addresses: LoopbackAddresses | undefined;
}

/** Start the loopback listener; it runs even while another process holds its port, trying again until the port is its own. */
export async function startHookListener(options: HookListenerOptions): Promise<HookListener> {
  const { logger } = options;
  const fds = takeActivatedSockets();
  if (fds.length) {
    const server = await startActivated(fds, options);
    followConnections(server);
    return listening({ server, addresses: undefined }, (server.address() as AddressInfo).port, options);
  }
  const server = createLoopbackApi(options.token, options.routes, options.mounts);
  followConnections(server);
  const addresses = new LoopbackAddresses(server, options.port ?? DEFAULT_HOOK_PORT, logger);
  let port: number;
  try {
    port = await addresses.take();
  } catch (error) {
    // Only a free port (0) that could not be chosen gets here: a given port is tried again instead.
    addresses.stop();
    throw fail('ELISTEN', { where: hostPort('127.0.0.1', 0), reason: (error as Error).message }, { cause: error });
  }
  return listening({ server, addresses }, port, options);
}

// Check who else listens at the port, and say where the hooks go.
function listening(listener: HookListener, port: number, options: HookListenerOptions): HookListener {
  checkForeignListeners(port, options.token, options.logger);
  const activated = !listener.addresses;
  if (!listener.server.listening)
    options.logger.error(
      { port },
      `the hook listener holds neither 127.0.0.1:${port} nor [::1]:${port} yet: http hooks cannot reach this daemon until it does (the bridge still works)`,
    );
  else if (listener.addresses?.holds('127.0.0.1') === false)
    options.logger.warn(
      { port },
      `hook endpoint listening on http://[::1]:${port}/hooks/v1/ only, until 127.0.0.1:${port} is free`,
    );
  else options.logger.info({ port, activated }, `hook endpoint listening on http://127.0.0.1:${port}/hooks/v1/`);
  return listener;
}
