// Runs tasks under a global concurrency cap, keeping tasks with the same key (one session and
// one command) in the order they were scheduled. A task waits for its turn in its key's chain
// before it takes a slot, so waiting tasks never hold slots that others could use.

/** A concurrency-capped scheduler with per-key ordering. */
export class Scheduler {
  private running = 0;
  private queued = 0;
  private readonly waiters: Array<() => void> = [];
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly limit: number) {}

  /** Tasks scheduled and not yet finished, and how many of them run now. */
  get depth(): { pending: number; running: number } {
    return { pending: this.queued, running: this.running };
  }

  /** Run `task` after every earlier task of `key`, when a slot is free. */
  schedule(key: string, task: () => Promise<void>): Promise<void> {
    this.queued++;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const run = previous.then(() => this.withSlot(task)).finally(() => this.queued--);
    const tail = run.catch(() => undefined);
    this.chains.set(key, tail);
    void tail.then(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key);
    });
    return run;
  }

  private async withSlot(task: () => Promise<void>): Promise<void> {
    if (this.running < this.limit) this.running++;
    // A freed slot is handed straight to the next waiter, so the cap holds at every moment.
    else await new Promise<void>((resolve) => this.waiters.push(resolve));
    try {
      await task();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.running--;
    }
  }
}
