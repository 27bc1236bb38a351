// The queue between intake and dispatch: bounded by items pushed and not yet done, oldest first.
import { describe, expect, it } from 'vitest';
import { WorkQueue } from '../../../src/daemon/pipeline/work-queue.js';

describe('WorkQueue', () => {
  it('holds a place for each item from push until done, and wakes the producer when one frees', async () => {
    const queue = new WorkQueue<number>(2);
    queue.push([1, 2]);
    expect(queue.room).toBe(0);
    let woken = false;
    const room = queue.whenRoom().then(() => (woken = true));
    expect(await queue.take()).toBe(1);
    await Promise.resolve();
    // Taken is not done: the item still holds its place.
    expect(woken).toBe(false);
    queue.done();
    await room;
    expect(queue.room).toBe(1);
  });

  it('hands items to a waiting taker in order, and releases everyone on close, dropping what was not taken', async () => {
    const queue = new WorkQueue<string>(4);
    const first = queue.take();
    queue.push(['a', 'b', 'c']);
    expect(await first).toBe('a');
    expect(await queue.take()).toBe('b');
    const full = new WorkQueue<string>(0);
    const waiting = full.whenRoom();
    queue.close();
    full.close();
    await waiting;
    expect(await queue.take()).toBeUndefined();
    expect(queue.room).toBe(0);
    queue.push(['d']);
    expect(await queue.take()).toBeUndefined();
  });
});
