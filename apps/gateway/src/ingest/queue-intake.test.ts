import { AppError } from '@seyir/domain';
import { describe, expect, it } from 'vitest';
import { adaptiveWindow, createCoalescer, createQueueBackpressure, KEEPING_UP_BACKLOG, type QueueState } from './queue-intake.js';

interface TestJob {
  batchId: string;
  projectId: string;
  receivedAtMs: number;
  logs: number[];
}
const job = (projectId: string, ...logs: number[]): TestJob => ({ batchId: `b${logs[0]}`, projectId, receivedAtMs: logs[0]!, logs });

function coalescer(windowMs: number | (() => number), maxItems = 10) {
  const sent: TestJob[] = [];
  const c = createCoalescer<TestJob>({
    windowMs,
    maxItems,
    itemsOf: (j) => j.logs,
    emptyLike: (j, batchId) => ({ ...j, batchId, logs: [] }),
    send: async (j) => {
      sent.push(j);
    },
  });
  return { c, sent };
}

describe('createCoalescer', () => {
  it("joins a project's requests within the window into one job, and keeps projects apart", async () => {
    const { c, sent } = coalescer(30);
    await Promise.all([c.add(job('a', 1, 2)), c.add(job('a', 3)), c.add(job('b', 4))]);
    expect(sent.map((j) => [j.projectId, j.logs])).toEqual([
      ['a', [1, 2, 3]],
      ['b', [4]],
    ]);
    expect(sent[0]!.receivedAtMs).toBe(1);
  });

  it('sends a job once it is full, without waiting for the window', async () => {
    const { c, sent } = coalescer(60_000, 3);
    await Promise.all([c.add(job('a', 1, 2)), c.add(job('a', 3))]);
    expect(sent.map((j) => j.logs)).toEqual([[1, 2, 3]]);
  });

  it('asks a window function when a job opens: short while the workers keep up, full once they fall behind', async () => {
    let backlog = 0;
    const window = adaptiveWindow(200, () => backlog);
    expect(window()).toBe(50);
    backlog = KEEPING_UP_BACKLOG; // the jobs a worker takes next: still keeping up
    expect(window()).toBe(50);
    backlog = KEEPING_UP_BACKLOG + 1;
    expect(window()).toBe(200);
    const { c, sent } = coalescer(() => (backlog > 0 ? 200 : 0));
    backlog = 0;
    await c.add(job('a', 1));
    expect(sent).toHaveLength(1); // sent at once
    backlog = 1;
    const started = Date.now();
    await Promise.all([c.add(job('a', 2)), c.add(job('a', 3))]);
    expect(sent.at(-1)!.logs).toEqual([2, 3]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });
});

describe('createQueueBackpressure', () => {
  const limits = { maxWaiting: 100, maxLagMs: 500, maxHoldMs: 150, maxHeld: 10 };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const settlesWithin = (p: Promise<unknown>, ms: number) => Promise.race([p.then(() => true, () => true), sleep(ms).then(() => false)]);

  it('answers from the state read last while a fresh read is slow, far from the limits; near them a request waits for the fresh state', async () => {
    const reads: ((state: QueueState) => void)[] = [];
    const bp = createQueueBackpressure(() => new Promise<QueueState>((resolve) => reads.push(resolve)), limits);
    const first = bp.check();
    expect(await settlesWithin(first, 30)).toBe(false); // nothing read yet: the first request waits
    reads[0]!({ waiting: 0, backlog: 0, lagMs: 0 });
    await first;
    await sleep(120);
    // The state is due for a read, and this read never answers: the request goes on at once.
    expect(await settlesWithin(bp.check(), 30)).toBe(true);
    expect(reads).toHaveLength(2);
    // Past half the lag bound a request waits for the fresh state.
    reads[1]!({ waiting: 1, backlog: 1, lagMs: 300 });
    await sleep(120);
    const near = bp.check();
    expect(await settlesWithin(near, 30)).toBe(false);
    reads[2]!({ waiting: 0, backlog: 0, lagMs: 0 });
    await near;
  });

  it('holds a request while the lag is past its bound, admits it once a read shows it back under, and refuses with 503 past the hold', async () => {
    let state: QueueState = { waiting: 3, backlog: 3, lagMs: 2_000 };
    const bp = createQueueBackpressure(() => Promise.resolve(state), limits);
    const refused = await bp.check().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'QUEUE_FULL', status: 503, options: { retryAfterSeconds: 3 } });
    const held = bp.check();
    await sleep(20);
    state = { waiting: 0, backlog: 0, lagMs: 0 };
    expect(await settlesWithin(held, 140)).toBe(true);
    await held;
  });
});
