// Many events finish, or start, in the same turn of the event loop; what each of them writes (a
// history line, an attempt note) is collected and written in one go at the end of that turn: one
// append instead of one per event (bench/bridge.mjs). Each caller learns when its item is written.

interface Batch<T> {
  items: T[];
  done: Promise<void>;
}

/**
 * A function that queues an item for `write` and resolves once `write` has taken it, with the
 * other items of the same turn; it rejects with `write`'s error when that write failed.
 */
export function batchPerTick<T>(write: (items: T[]) => void): (item: T) => Promise<void> {
  let open: Batch<T> | undefined;
  return (item) => {
    if (!open) {
      const items: T[] = [];
      const done = new Promise<void>((resolve, reject) => {
        // setImmediate runs after the I/O callbacks of this turn: every run that ended in it is in.
        setImmediate(() => {
          open = undefined;
          try {
            write(items);
            resolve();
          } catch (error) {
            reject(error);
          }
        });
      });
      open = { items, done };
    }
    open.items.push(item);
    return open.done;
  };
}
