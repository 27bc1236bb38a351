// The connections the daemon's listeners leave open when they stop taking new ones: the run streams
// (of `hookd runs --follow`, of the page) and the requests still under way. They are cut only once the
// subscribers of runs have let go (the run stream ends its streams itself, the last spans are sent),
// so this part starts before those subscribers, and the listeners, started later, add their servers.
import type { Server } from 'node:http';
import type { Component } from './lifecycle.js';

/** The servers whose connections are closed late in the stop. */
export class OpenConnections implements Component {
  private readonly servers: Server[] = [];

  /** Follow `server`, a listener of the daemon. */
  add(server: Server): void {
    this.servers.push(server);
  }

  close(): void {
    for (const server of this.servers) server.closeAllConnections();
  }
}
