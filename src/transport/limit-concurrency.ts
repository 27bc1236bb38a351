// At most `limit` tasks at once; the rest wait their turn in order. The hook endpoint writes each
// event to the inbox as a file: a burst of a thousand requests must not open a thousand files at once.

/** A runner that lets `limit` tasks run at a time. */
export function limitConcurrency(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
