import { describe, expect, it } from 'vitest';
import { adaptiveWindow, createCoalescer } from './queue-intake.js';

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

  it('asks a window function when a job opens: short while the workers keep up, full under a backlog', async () => {
    let backlog = 0;
    const window = adaptiveWindow(200, () => backlog);
    expect(window()).toBe(50);
    backlog = 3;
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
