// The shapes the daemon's parts share, at the bottom of the layout so that every part names them
// without importing upward: a local-API route, a mount on the loopback listener, a fallback (the
// platform proxy), and a component of the daemon (daemon/lifecycle.ts starts and stops them).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Exchange, Handler, Mounted } from './router.js';

/** A handler of other routes (the platform proxy): resolves true when it answered. */
export type Fallback = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** One route of the local API: method, path and handler. */
export interface LocalRoute {
  method: string;
  path: string;
  handler: Handler<Exchange>;
}

/** The local API's own routes (see routes.ts). */
export type Routes = readonly LocalRoute[];

/** A handler of every path under `prefix` (the hook endpoint under /hooks/v1/ on loopback TCP). */
export interface Mount {
  prefix: string;
  handler: Mounted<Exchange>;
  /** It checks its own credentials (the dashboard's cookie, which a browser can send where it cannot send the bearer token): the token check is left to it. */
  ownAuth?: boolean;
}

/** What a component is started with: what the parts started before it serve. */
export interface Served {
  /** Their local API routes (the listeners serve them). */
  routes: Routes;
  /** Their mounts on the loopback listener (the hook endpoint, the page). */
  mounts: readonly Mount[];
}

/** One part of the daemon; every member is optional (a part its maker started already, the lock, has no `start`). */
export interface Component {
  /** Take up its work; the daemon's start awaits it before the next part's. */
  start?(served: Served): Promise<void> | void;
  /** Stop taking work; resolves once what it took is done (each part bounds its own wait). */
  stop?(): Promise<void> | void;
  /** Let go of what it holds, once every part has stopped taking work. */
  close?(): Promise<void> | void;
  /** Local API routes it adds (read once it has started). */
  readonly routes?: Routes;
  /** Mounts it adds to the loopback listener. */
  readonly mounts?: readonly Mount[];
}
