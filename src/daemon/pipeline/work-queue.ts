// The one edge between intake and dispatch: the intake pushes claimed records, the dispatcher takes
// them and says when each is done. A record holds its place from push until done, so the bound
// covers records waiting and records running: past it, the intake leaves records in new/ (backpressure).

/** A bounded queue whose items hold their place until the consumer is done with them. */
export class WorkQueue<T> {
  private items: T[] = [];
  private held = 0;
  private isClosed = false;
  private readonly takers: Array<(item: T | undefined) => void> = [];
  private roomWaiters: Array<{ atLeast: number; wake: () => void }> = [];

  constructor(readonly capacity: number) {}

  /** Closed: nothing more goes in or comes out. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** How many more items fit. */
  get room(): number {
    return this.isClosed ? 0 : Math.max(0, this.capacity - this.held);
  }

  /** Add items. The producer keeps to `room`; items past it (records found in cur/ at start) are taken all the same. */
  push(items: readonly T[]): void {
    if (this.isClosed) return;
    this.held += items.length;
    for (const item of items) {
      const taker = this.takers.shift();
      if (taker) taker(item);
      else this.items.push(item);
    }
  }

  /** The next item, oldest first; undefined once the queue is closed. */
  take(): Promise<T | undefined> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift());
    if (this.isClosed) return Promise.resolve(undefined);
    return new Promise((resolve) => this.takers.push(resolve));
  }

  /** The consumer is done with one item it took: its place is free. */
  done(): void {
    this.held--;
    const room = this.room;
    if (this.roomWaiters.some((waiter) => waiter.atLeast <= room)) {
      const ready = this.roomWaiters.filter((waiter) => waiter.atLeast <= room);
      this.roomWaiters = this.roomWaiters.filter((waiter) => waiter.atLeast > room);
      for (const waiter of ready) waiter.wake();
    }
  }

  /** Resolves when there is room for `atLeast` items (at most the capacity), or the queue is closed. */
  whenRoom(atLeast = 1): Promise<void> {
    const wanted = Math.max(1, Math.min(atLeast, this.capacity));
    if (this.room >= wanted || this.isClosed) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push({ atLeast: wanted, wake: resolve }));
  }

  /** Take no more: items not yet taken are dropped (they stay in the inbox), and every waiter is released. */
  close(): void {
    this.isClosed = true;
    this.held -= this.items.length;
    this.items = [];
    for (const taker of this.takers.splice(0)) taker(undefined);
    for (const waiter of this.roomWaiters.splice(0)) waiter.wake();
  }
}
