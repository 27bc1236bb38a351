// The local API on the daemon's unix socket, as a part of the daemon: started once every route is
// known, it is the last way in before the inbox is taken. Stopping removes the socket file, but only
// our own and before the server lets go of it: then no other daemon can take the path in between
// (one that replaced it belongs to someone else).
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { startLocalApi, type Fallback } from '../server/local-api.js';
import { stillClaimed, type Claimed } from '../server/socket-claim.js';
import { isPipeName } from '../common/paths.js';
import type { Component, Served } from './lifecycle.js';
import type { OpenConnections } from './open-connections.js';

/** The local API's socket. */
export class LocalSocket implements Component {
  private server: Server | undefined;
  private held: Claimed | undefined;

  /** `fallback`: the handler of the routes it does not know (the platform proxy). */
  constructor(
    private readonly socket: string,
    private readonly fallback: Fallback | undefined,
    private readonly connections: OpenConnections,
  ) {}

  /** The identity of the socket file it holds, to tell later whether it is still there. */
  get claimed(): Claimed {
    if (!this.held) throw new Error('the local API socket is not started');
    return this.held;
  }

  async start({ routes }: Served): Promise<void> {
    const api = await startLocalApi(this.socket, routes, this.fallback);
    this.server = api.server;
    this.held = api.claimed;
    this.connections.add(api.server);
  }

  stop(): void {
    // A named pipe (Windows) goes with its server: no file to remove.
    if (!isPipeName(this.socket) && stillClaimed(this.socket, this.claimed) === true)
      rmSync(this.socket, { force: true });
    this.server?.close();
  }
}
