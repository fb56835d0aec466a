/**
 * Work items that wait in one process at the same time, run together: a "group commit".
 *
 * The ingest worker takes several jobs from Redis at once. Those of one project (and month)
 * that wait while an earlier run is busy are stored by the next run in ONE transaction: one
 * project lookup, one group upsert, one COPY, one rollup and usage update and one live frame
 * for all of them. A job's fixed cost (about a dozen round trips, ~3.5 ms of CPU measured with
 * bench/ingest/worker-path) is what makes small jobs dear; the queue shares it out when the
 * worker falls behind, and costs nothing when it keeps up (a lone job runs at once, alone).
 *
 * A run that fails is tried again item by item, so one bad item fails alone and never takes
 * the items it happened to wait with down with it.
 */
export interface MergeQueueOptions<T, R> {
  /** Items with the same key may share a run. */
  keyOf(item: T): string;
  /** An item's size (logs): a run takes items up to `maxWeight` together (always at least one). */
  weightOf(item: T): number;
  maxWeight: number;
  /** Runs at once, in all. */
  maxRuns: number;
  /** Runs of one key at once (≤ maxRuns). */
  runsPerKey: number;
  /** Runs these items together: one result per item, in their order. */
  run(items: T[]): Promise<R[]>;
}

export interface MergeQueue<T, R> {
  /** Settles with the item's result once a run that took it has finished. */
  submit(item: T): Promise<R>;
  /** Items waiting for a run. */
  waiting(): number;
}

interface Entry<T, R> {
  item: T;
  key: string;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export function createMergeQueue<T, R>(options: MergeQueueOptions<T, R>): MergeQueue<T, R> {
  const queue: Entry<T, R>[] = [];
  const runningByKey = new Map<string, number>();
  let running = 0;

  /** The oldest waiting entry whose key may start a run, and the entries of its key that fit beside it. */
  const takeNext = (): Entry<T, R>[] | undefined => {
    const first = queue.findIndex((e) => (runningByKey.get(e.key) ?? 0) < options.runsPerKey);
    if (first < 0) return undefined;
    const key = queue[first]!.key;
    const taken: Entry<T, R>[] = [];
    let weight = 0;
    for (let i = first; i < queue.length; ) {
      const entry = queue[i]!;
      const w = options.weightOf(entry.item);
      if (entry.key === key && (taken.length === 0 || weight + w <= options.maxWeight)) {
        taken.push(entry);
        weight += w;
        queue.splice(i, 1);
      } else {
        i++;
      }
    }
    return taken;
  };

  const settle = async (entries: Entry<T, R>[]) => {
    try {
      const results = await options.run(entries.map((e) => e.item));
      entries.forEach((e, i) => e.resolve(results[i]!));
    } catch (error) {
      if (entries.length === 1) {
        entries[0]!.reject(error);
        return;
      }
      // Which item failed is unknown: each runs alone, and only the bad one fails.
      for (const entry of entries) await settle([entry]);
    }
  };

  const pump = () => {
    while (running < options.maxRuns) {
      const entries = takeNext();
      if (!entries) return;
      const key = entries[0]!.key;
      running++;
      runningByKey.set(key, (runningByKey.get(key) ?? 0) + 1);
      void settle(entries).finally(() => {
        running--;
        const left = runningByKey.get(key)! - 1;
        if (left === 0) runningByKey.delete(key);
        else runningByKey.set(key, left);
        pump();
      });
    }
  };

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, key: options.keyOf(item), resolve, reject });
        // After the current task: items that arrive together (one fetch, one tick) run together.
        queueMicrotask(pump);
      });
    },
    waiting: () => queue.length,
  };
}
