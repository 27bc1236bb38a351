// The loopback listener as a part of the daemon: up whenever the daemon runs (Claude Code's http hooks
// post to its hook endpoint), with the mounts of the parts started before it (the hook endpoint, the
// page). While 127.0.0.1 at its port is someone else's, the page gets a listener of its own, on a
// free port, the first time it is asked for: its link must never reach whoever holds that address. Stopping answers the hook requests already sent (close-gently.ts says
// why); those not yet accepted wait for the next daemon when the service manager holds the socket.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHookListener } from '../server/loopback-listener.js';
import type { LoopbackAddresses, MissingAddress } from '../server/loopback-addresses.js';
import { startLoopbackApi, type Mount, type Routes } from '../server/local-api.js';
import { closeGently } from '../server/close-gently.js';
import type { LocalToken } from '../server/local-token.js';
import type { Component, Served } from './lifecycle.js';
import type { OpenConnections } from './open-connections.js';
import type { Logger } from '../common/logger.js';

// How long a stop waits for the loopback requests under way: a hook request on loopback takes
// milliseconds; a stream (the dashboard's) never ends by itself and is cut after this.
const HOOK_REQUESTS_FINISH_MS = 2000;

export interface LoopbackOptions {
  /** --tcp-port (0: any free port); undefined: the fixed default. */
  port: number | undefined;
  token: LocalToken;
  logger: Logger;
}

/** What GET /status says of the loopback listener: its port and the addresses it lacks. */
export type LoopbackState = {
  port: number | null;
  /** Under socket activation the service manager holds both addresses. */
  activated: boolean;
  missing: MissingAddress[];
};

/** The loopback listener, and the page's own listener when it needed one. */
export class LoopbackListener implements Component {
  private hookListener: Server | undefined;
  private addresses: LoopbackAddresses | undefined;
  private readonly pageListeners: Server[] = [];
  private served: Routes = [];

  constructor(
    private readonly options: LoopbackOptions,
    private readonly connections: OpenConnections,
  ) {}

  /** Where the hook listener listens, for the log; undefined while it holds no address. */
  get address(): AddressInfo | undefined {
    return (this.hookListener?.address() as AddressInfo | null) ?? undefined;
  }

  /** The port and the addresses missing now, for GET /status. */
  state(): LoopbackState {
    return {
      port: this.address?.port ?? this.addresses?.port ?? null,
      activated: Boolean(this.hookListener) && !this.addresses,
      missing: this.addresses?.missing() ?? [],
    };
  }

  async start({ routes, mounts }: Served): Promise<void> {
    const { port, token, logger } = this.options;
    this.served = routes;
    const started = await startHookListener({ port, token, routes, mounts, logger });
    this.hookListener = started.server;
    this.addresses = started.addresses;
    this.connections.add(this.hookListener);
  }

  /** A loopback listener serving `mount`: the hook listener (every mount is on it), else one opened on a free port for it. */
  async openFor(mount: Mount): Promise<Server> {
    if (this.hookListener && (!this.addresses || this.addresses.holds('127.0.0.1'))) return this.hookListener;
    const server = await startLoopbackApi({ host: '127.0.0.1', port: 0 }, this.options.token, this.served, [mount]);
    this.pageListeners.push(server);
    this.connections.add(server);
    return server;
  }

  async stop(): Promise<void> {
    this.addresses?.stop();
    const answered = this.hookListener && closeGently(this.hookListener, HOOK_REQUESTS_FINISH_MS);
    for (const server of this.pageListeners) server.close();
    await answered;
  }
}
