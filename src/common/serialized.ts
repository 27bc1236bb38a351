// Calls that must never overlap (an inbox scan, a settings reload): a call made while one runs
// is folded into a single extra run after it, so the latest state is always seen and none is lost.

/** Wrap `run` so that calls never overlap; a call during a run makes one more run after it. */
export function serialized(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      await run();
    } while (again);
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = undefined;
    });
    return running;
  };
}
