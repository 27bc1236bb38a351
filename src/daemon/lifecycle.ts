// The daemon is a list of components, started in order and stopped in reverse (DESIGN.md §10), the
// way fastify boots its plugins and closes them: teardown is written once, here, and a start that
// fails half-way stops what it had started. A stop has two passes, because the parts overlap at the
// end of a daemon's life: first every part stops taking work at once (the intake drains its running
// hooks while the listeners answer the requests they had), then, once all of that is done, each
// lets go of what it holds, one after another (the subscribers of runs flush, the connections left
// are cut, the lock goes last).
import type { LocalRoute, Mount, Routes } from '../server/local-api.js';

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

/** The started components of one daemon, and its one stop. */
export class Lifecycle {
  private readonly started: Component[] = [];
  private readonly routes: LocalRoute[] = [];
  private readonly mounts: Mount[] = [];
  private stopping: Promise<void> | undefined;

  /** Start `component` after those started before it; it is stopped with them. */
  async start<T extends Component>(component: T): Promise<T> {
    // A part started once the stop began would never be stopped.
    if (this.stopping) throw new Error('the daemon is stopping: no part starts now');
    await component.start?.({ routes: [...this.routes], mounts: [...this.mounts] });
    this.started.push(component);
    this.routes.push(...(component.routes ?? []));
    this.mounts.push(...(component.mounts ?? []));
    return component;
  }

  /** Stop every started part, latest first; one stop however often asked (every caller awaits the same one). */
  stop(): Promise<void> {
    return (this.stopping ??= this.stopAll());
  }

  // Every step runs even when one before it failed (the lock is released whatever happened); the first failure is thrown at the end.
  private async stopAll(): Promise<void> {
    const latestFirst = [...this.started].reverse();
    const failures: unknown[] = [];
    const settled = await Promise.allSettled(latestFirst.map(async (component) => component.stop?.()));
    for (const result of settled) if (result.status === 'rejected') failures.push(result.reason);
    for (const component of latestFirst) {
      try {
        await component.close?.();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw failures[0];
  }
}
