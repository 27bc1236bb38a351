// Calls that must never overlap (an inbox scan, a settings reload): a call made while one runs
// is folded into a single extra run after it, so the latest state is always seen and none is lost.
// A call resolves once a run that began after it has ended, not when the runs stop: under a steady
// stream of calls (records arriving all the time) runs follow each other without end, and a caller
// that waited for the last one (the daemon's start) waited for ever.

interface Caller {
  resolve(): void;
  reject(error: unknown): void;
}

/** Wrap `run` so that calls never overlap; a call during a run makes one more run after it. */
export function serialized(run: () => Promise<void>): () => Promise<void> {
  let running = false;
  // Those who called during the run under way: the next run is theirs.
  let waiting: Caller[] | undefined;
  const go = (callers: Caller[]): void => {
    running = true;
    const settle = (failed: boolean, error?: unknown) => {
      // The next run starts before the callers hear: none can slip a run in between.
      const next = waiting;
      waiting = undefined;
      if (next) go(next);
      else running = false;
      for (const caller of callers) failed ? caller.reject(error) : caller.resolve();
    };
    new Promise<void>((resolve) => resolve(run())).then(
      () => settle(false),
      (error: unknown) => settle(true, error),
    );
  };
  return () =>
    new Promise<void>((resolve, reject) => {
      if (running) (waiting ??= []).push({ resolve, reject });
      else go([{ resolve, reject }]);
    });
}
