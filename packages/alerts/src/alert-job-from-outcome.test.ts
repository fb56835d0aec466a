import { describe, expect, it } from 'vitest';
import { alertJobFromOutcome, alertJobFromTimings } from './alert-job-from-outcome.js';

const G1 = '0190a0a0-0000-7000-8000-000000000001';
const G2 = '0190a0a0-0000-7000-8000-000000000002';
const log = (groupId: string, level: 'ERROR' | 'INFO', environment = 'production') => ({ id: 'x', timestampMs: 0, level, message: 'm', environment, host: '', tags: [], groupId });

describe('alertJobFromOutcome', () => {
  it('counts the stored logs per group and per level and environment', () => {
    const job = alertJobFromOutcome(
      {
        projectId: '0190a0a0-0000-7000-8000-00000000000a',
        inserted: 3,
        insertedLogs: [log(G1, 'ERROR'), log(G1, 'ERROR', 'staging'), log(G2, 'INFO')],
        groups: [
          { groupId: G1, count: 2, lastSeen: new Date(0), status: 'unresolved', regressed: false, regressedEnvironments: [], isNew: true },
          { groupId: G2, count: 40, lastSeen: new Date(0), status: 'unresolved', regressed: false, regressedEnvironments: ['staging'], isNew: false },
        ],
        overage: 0,
        alertable: true,
      },
      1_000,
    );
    expect(job).toEqual({
      projectId: '0190a0a0-0000-7000-8000-00000000000a',
      atMs: 1_000,
      inserted: 3,
      groups: [
        { groupId: G1, count: 2, isNew: true, regressed: false, regressedEnvironments: [] },
        { groupId: G2, count: 1, isNew: false, regressed: false, regressedEnvironments: ['staging'] },
      ],
      levels: [
        { level: 'ERROR', environment: 'production', count: 1 },
        { level: 'ERROR', environment: 'staging', count: 1 },
        { level: 'INFO', environment: 'production', count: 1 },
      ],
      timings: [],
    });
  });

  it('makes no job for a batch that stored nothing (a retry)', () => {
    expect(alertJobFromOutcome({ projectId: 'p', inserted: 0, insertedLogs: [], groups: [], overage: 0, alertable: true }, 1)).toBeUndefined();
  });

  it('makes no job when the project has no enabled rule and the batch crossed no quota threshold', () => {
    const outcome = { projectId: 'p', inserted: 1, insertedLogs: [log(G1, 'ERROR')], groups: [], overage: 0 };
    expect(alertJobFromOutcome({ ...outcome, alertable: false }, 1)).toBeUndefined();
    expect(alertJobFromOutcome({ ...outcome, alertable: true }, 1)?.inserted).toBe(1);
  });

  it('makes a timing batch job only when the project has a latency or error_rate rule, and none for a retry', () => {
    const routes = [{ routeId: '7', environment: 'production', count: 3, errors: 1, hist: [4294967298] }];
    const outcome = { projectId: 'p', added: 3, detailed: 0, routes, alertable: true };
    expect(alertJobFromTimings(outcome, 5)).toEqual({ projectId: 'p', atMs: 5, groups: [], levels: [], inserted: 0, timings: routes });
    expect(alertJobFromTimings({ ...outcome, alertable: false, routes: [] }, 5)).toBeUndefined();
    expect(alertJobFromTimings({ ...outcome, added: 0 }, 5)).toBeUndefined();
  });
});
