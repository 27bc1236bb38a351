// The daemon is a list of components, started in order and stopped in reverse (DESIGN.md §10), the
// way fastify boots its plugins and closes them: teardown is written once, here, and a start that
// fails half-way stops what it had started. A stop has two passes, because the parts overlap at the
// end of a daemon's life: first every part stops taking work at once (the intake drains its running
// hooks while the listeners answer the requests they had), then, once all of that is done, each
// lets go of what it holds, one after another (the subscribers of runs flush, the connections left
// are cut, the lock goes last).
import type { Component, LocalRoute, Mount, Routes, Served } from '../http/parts.js';

export type { Component, Served } from '../http/parts.js';

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
