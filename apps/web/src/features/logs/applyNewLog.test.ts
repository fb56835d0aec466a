import { describe, expect, it } from 'vitest';
import { applyLiveLogs } from './applyNewLog';
import type { LogEntry, LogsPage } from './types';

const log = (id: string): LogEntry => ({ _id: id, project_id: 'p1', timestamp: new Date().toISOString(), level: 'ERROR', message: `log ${id}` });
const page = (): LogsPage => ({ items: [log('a')], total: 1, skip: 0, limit: 50, pending: 0, counts: { total: 1, error: 1, warning: 0, info: 0 } });

describe('applyLiveLogs with a view’s extra columns', () => {
  it('puts pushed logs on top of the unfiltered first page', () => {
    const shown = page();
    applyLiveLogs(shown, { logs: [log('b')], skipped: 2 }, { projectId: 'p1', skip: 0, limit: 50 });
    expect(shown.items.map((l) => l._id)).toEqual(['b', 'a']);
    expect(shown.counts?.total).toBe(4);
  });

  it('counts them as new instead when the view shows columns pushed logs do not carry; the cards still grow', () => {
    const shown = page();
    applyLiveLogs(shown, { logs: [log('b')], skipped: 2 }, { projectId: 'p1', skip: 0, limit: 50, fields: 'metadata.user_id' });
    expect(shown.items.map((l) => l._id)).toEqual(['a']);
    expect(shown.pending).toBe(3);
    expect(shown.counts).toEqual({ total: 4, error: 2, warning: 0, info: 0 });
  });
});
