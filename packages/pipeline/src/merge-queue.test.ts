import { describe, expect, it } from 'vitest';
import { createMergeQueue, type MergeQueueOptions } from './merge-queue.js';

interface Item {
  key: string;
  name: string;
  size: number;
  bad?: boolean;
}

/** A queue whose runs wait until released, recording which items ran together. */
function harness(overrides: Partial<MergeQueueOptions<Item, string>> = {}) {
  const runs: string[][] = [];
  const gates: (() => void)[] = [];
  const queue = createMergeQueue<Item, string>({
    keyOf: (item) => item.key,
    weightOf: (item) => item.size,
    maxWeight: 10,
    maxRuns: 1,
    runsPerKey: 1,
    run: async (items) => {
      runs.push(items.map((i) => i.name));
      await new Promise<void>((resolve) => gates.push(resolve));
      if (items.some((i) => i.bad)) throw new Error(`bad among ${items.map((i) => i.name).join(',')}`);
      return items.map((i) => `stored ${i.name}`);
    },
    ...overrides,
  });
  /** Lets every run started so far finish, then waits for the runs that follow to start. */
  const release = async () => {
    for (const open of gates.splice(0)) open();
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  };
  const tick = () => new Promise((r) => setImmediate(r));
  return { queue, runs, release, tick };
}

describe('createMergeQueue', () => {
  it('runs a lone item at once, alone', async () => {
    const { queue, runs, release, tick } = harness();
    const result = queue.submit({ key: 'p1', name: 'a', size: 3 });
    await tick();
    expect(runs).toEqual([['a']]);
    await release();
    await expect(result).resolves.toBe('stored a');
  });

  it('stores the items of a key that waited during a run together in the next run, up to the weight limit', async () => {
    const { queue, runs, release, tick } = harness();
    const first = queue.submit({ key: 'p1', name: 'a', size: 3 });
    await tick();
    const waiting = ['b', 'c', 'd', 'e'].map((name) => queue.submit({ key: 'p1', name, size: 4 }));
    await tick();
    expect(queue.waiting()).toBe(4);
    await release();
    // b + c weigh 8; d would make 12 > 10, so it waits for the run after.
    expect(runs).toEqual([['a'], ['b', 'c']]);
    await release();
    expect(runs).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    await release();
    await expect(Promise.all([first, ...waiting])).resolves.toEqual(['stored a', 'stored b', 'stored c', 'stored d', 'stored e']);
  });

  it('never mixes keys in a run, and keeps to the runs allowed in all and per key', async () => {
    const { queue, runs, release, tick } = harness({ maxRuns: 2, runsPerKey: 1 });
    const all = [
      queue.submit({ key: 'p1', name: 'a', size: 1 }),
      queue.submit({ key: 'p1', name: 'b', size: 1 }),
      queue.submit({ key: 'p2', name: 'x', size: 1 }),
      queue.submit({ key: 'p1', name: 'c', size: 1 }),
      queue.submit({ key: 'p3', name: 'y', size: 1 }),
    ];
    await tick();
    // Two runs at once, one per key: p1's waiting items all go in its one run.
    expect(runs).toEqual([['a', 'b', 'c'], ['x']]);
    await release();
    expect(runs).toEqual([['a', 'b', 'c'], ['x'], ['y']]);
    await release();
    await expect(Promise.all(all)).resolves.toHaveLength(5);
  });

  it('runs an item over the weight limit alone instead of never, and what waited behind it after', async () => {
    const { queue, runs, release, tick } = harness();
    const first = queue.submit({ key: 'p1', name: 'a', size: 1 });
    await tick();
    const big = queue.submit({ key: 'p1', name: 'big', size: 50 });
    const small = queue.submit({ key: 'p1', name: 'b', size: 1 });
    for (let i = 0; i < 3; i++) await release();
    expect(runs).toEqual([['a'], ['big'], ['b']]);
    await expect(Promise.all([first, big, small])).resolves.toEqual(['stored a', 'stored big', 'stored b']);
  });

  it('fails only the bad item of a failed run: the others are run again alone and succeed', async () => {
    const { queue, runs, release, tick } = harness();
    const first = queue.submit({ key: 'p1', name: 'a', size: 1 });
    await tick();
    const good1 = queue.submit({ key: 'p1', name: 'b', size: 1 });
    const bad = queue.submit({ key: 'p1', name: 'c', size: 1, bad: true });
    const good2 = queue.submit({ key: 'p1', name: 'd', size: 1 });
    const settled = Promise.allSettled([good1, bad, good2]);
    for (let i = 0; i < 6; i++) await release();
    expect(runs).toEqual([['a'], ['b', 'c', 'd'], ['b'], ['c'], ['d']]);
    const [r1, r2, r3] = await settled;
    expect(r1).toEqual({ status: 'fulfilled', value: 'stored b' });
    expect(r2.status).toBe('rejected');
    expect((r2 as PromiseRejectedResult).reason.message).toBe('bad among c');
    expect(r3).toEqual({ status: 'fulfilled', value: 'stored d' });
    await expect(first).resolves.toBe('stored a');
  });
});
