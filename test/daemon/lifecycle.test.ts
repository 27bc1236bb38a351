// The daemon's lifecycle: parts start in order and stop in reverse, every part stops taking work
// before any lets go, a start that fails stops what it had started, and a stop is one however
// often asked.
import { describe, expect, it } from 'vitest';
import { Lifecycle, type Component } from '../../src/daemon/lifecycle.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A part that notes each step it takes in `steps`; its stop takes `stopMs`.
function part(name: string, steps: string[], stopMs = 0): Component {
  return {
    start: () => void steps.push(`start ${name}`),
    stop: async () => {
      steps.push(`stop ${name}`);
      await sleep(stopMs);
      steps.push(`stopped ${name}`);
    },
    close: () => void steps.push(`close ${name}`),
  };
}

describe('the lifecycle', () => {
  it('starts parts in order, stops them all latest first, and lets go only once every stop is done', async () => {
    const steps: string[] = [];
    const parts = new Lifecycle();
    for (const [name, stopMs] of [
      ['a', 0],
      ['b', 50],
      ['c', 10],
    ] as const)
      await parts.start(part(name, steps, stopMs));
    await parts.stop();
    expect(steps).toEqual([
      'start a',
      'start b',
      'start c',
      'stop c',
      'stop b',
      'stop a',
      'stopped a',
      'stopped c',
      'stopped b',
      'close c',
      'close b',
      'close a',
    ]);
  });

  it('gives a part the routes and mounts of the parts started before it', async () => {
    const parts = new Lifecycle();
    const handler = () => undefined;
    await parts.start({ routes: [{ method: 'GET', path: '/one', handler }] });
    await parts.start({ mounts: [{ prefix: '/m/', handler: async () => true }] });
    const seen: string[] = [];
    await parts.start({
      start: ({ routes, mounts }) =>
        void seen.push(...routes.map((route) => route.path), ...mounts.map((mount) => mount.prefix)),
      routes: [{ method: 'GET', path: '/two', handler }],
    });
    expect(seen).toEqual(['/one', '/m/']);
  });

  it('stops the parts already started when one fails to start, and none started after', async () => {
    const steps: string[] = [];
    const parts = new Lifecycle();
    await parts.start(part('a', steps));
    await parts.start(part('b', steps));
    await expect(
      parts.start({
        start: () => Promise.reject(new Error('port taken')),
        close: () => void steps.push('close failed'),
      }),
    ).rejects.toThrow('port taken');
    await parts.stop();
    expect(steps).toEqual(['start a', 'start b', 'stop b', 'stop a', 'stopped b', 'stopped a', 'close b', 'close a']);
  });

  it('stops once however often asked, and refuses a part started after', async () => {
    const steps: string[] = [];
    const parts = new Lifecycle();
    await parts.start(part('a', steps, 20));
    const first = parts.stop();
    expect(parts.stop()).toBe(first);
    await first;
    await expect(parts.start(part('late', steps))).rejects.toThrow(/stopping/);
    expect(steps.filter((step) => step.startsWith('close'))).toEqual(['close a']);
  });

  it('takes every step of a stop even when one fails, and throws the first failure at the end', async () => {
    const steps: string[] = [];
    const parts = new Lifecycle();
    await parts.start(part('lock', steps));
    await parts.start({
      stop: () => Promise.reject(new Error('stop failed')),
      close: () => Promise.reject(new Error('close failed')),
    });
    await parts.start(part('c', steps));
    await expect(parts.stop()).rejects.toThrow('stop failed');
    expect(steps).toContain('close lock');
    expect(steps).toContain('close c');
  });
});
