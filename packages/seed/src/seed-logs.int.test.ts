import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { countLogsByLevel, findGroups, findLogs, getLog, type DatabaseHandle } from '@seyir/db';
import { createTestDatabase } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
let handle: DatabaseHandle;
let url: string;
let output: { logs: number; projects: number; groups: number; logs_per_s: number };

beforeAll(async () => {
  ({ handle, url } = await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate')));
  // Yesterday's partition exists and is empty (as the workers make it): the seeder replaces it.
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/seed/src/cli.ts'), '--logs', '6000', '--projects', '2', '--days', '3'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    timeout: 120_000,
  });
  output = JSON.parse(stdout.trim().split('\n').pop()!);
}, 180_000);
afterAll(() => handle?.close());

const one = async <T>(text: string, params: unknown[] = []) => (await handle.sql.query<T>(text, params)).rows[0]!;

describe('npm run seed', () => {
  it('writes the logs into day partitions of new projects of the seed account', async () => {
    expect(output).toMatchObject({ logs: 6000, projects: 2 });
    expect(output.groups).toBeGreaterThanOrEqual(40);
    const { n } = await one<{ n: number }>(`SELECT count(*)::int AS n FROM logs`);
    expect(n).toBe(6000);
    const { n: inDefault } = await one<{ n: number }>(`SELECT count(*)::int AS n FROM logs_default`);
    expect(inDefault).toBe(0);
    const { n: days } = await one<{ n: number }>(`SELECT count(DISTINCT tableoid)::int AS n FROM logs`);
    expect(days).toBeGreaterThanOrEqual(3);
    const projects = (await handle.sql.query<{ id: string; environments: string[] }>(`SELECT id, environments FROM projects ORDER BY name`)).rows;
    expect(projects).toHaveLength(2);
    expect([...projects[0]!.environments].sort()).toEqual(['development', 'production', 'staging']);
  });

  it('keeps groups, hourly rollups and monthly usage as the worker would', async () => {
    expect(await one(`SELECT sum(count)::int AS n FROM log_groups`)).toEqual({ n: 6000 });
    expect(await one(`SELECT sum(count)::int AS n FROM log_rollups_hourly`)).toEqual({ n: 6000 });
    expect(await one(`SELECT sum(logs)::int AS n FROM usage_monthly`)).toEqual({ n: 6000 });
    const mismatched = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM log_groups g
       WHERE g.count <> (SELECT count(*) FROM logs l WHERE l.group_id = g.id)
          OR g.first_seen <> (SELECT min(timestamp) FROM logs l WHERE l.group_id = g.id)
          OR g.last_seen <> (SELECT max(timestamp) FROM logs l WHERE l.group_id = g.id)
          OR g.last_log_id <> (SELECT id FROM logs l WHERE l.group_id = g.id ORDER BY timestamp DESC LIMIT 1)`,
    );
    expect(mismatched.n).toBe(0);
    const rollupsOff = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM log_rollups_hourly r
       WHERE r.count <> (SELECT count(*) FROM logs l WHERE l.project_id = r.project_id AND l.level = r.level AND l.environment = r.environment
                         AND l.timestamp >= r.hour AND l.timestamp < r.hour + interval '1 hour')`,
    );
    expect(rollupsOff.n).toBe(0);
  });

  it('writes realistic logs: every level and environment, tracebacks, HTTP request and response, users', async () => {
    const { id: projectId } = await one<{ id: string }>(`SELECT id FROM projects ORDER BY name LIMIT 1`);
    const levels = await countLogsByLevel(handle.sql, projectId, {});
    expect([...levels.keys()].sort()).toEqual(['CRITICAL', 'DEBUG', 'ERROR', 'INFO', 'WARNING']);
    expect((await one<{ n: number }>(`SELECT count(DISTINCT environment)::int AS n FROM logs`)).n).toBe(3);
    expect((await one<{ n: number }>(`SELECT count(DISTINCT host)::int AS n FROM logs`)).n).toBeGreaterThan(3);

    const [withHttp] = (await handle.sql.query<{ id: string; timestamp: Date }>(`SELECT id, timestamp FROM logs WHERE project_id = $1 AND response->>'status_code' = '500' LIMIT 1`, [projectId])).rows;
    const detail = await getLog(handle.sql, projectId, withHttp!.id);
    expect(detail!.exception).toMatchObject({ type: 'KeyError', traceback: expect.stringMatching(/^Traceback \(most recent call last\):\n {2}File "/) });
    expect(detail!.request).toMatchObject({ method: 'GET', url: expect.stringContaining('/api/') });
    expect(detail!.response).toMatchObject({ status_code: 500, reason_phrase: 'Internal Server Error', error_details: { django_traceback: expect.stringContaining('KeyError') } });

    const groups = await findGroups(handle.sql, projectId, { seenSince: new Date(Date.now() - 4 * 86_400_000) }, { skip: 0, limit: 100, sortBy: 'count', sortOrder: 'desc' });
    expect(groups.total).toBeGreaterThanOrEqual(20);
    expect(groups.rows.some((g) => g.usersAffected.length > 0)).toBe(true);
    const newest = await findLogs(handle.sql, projectId, { search: { include: ['İSTANBUL'], exclude: [] } }, { skip: 0, limit: 5 });
    expect(newest.every((l) => /istanbul/i.test(l.message.replace('İ', 'i')))).toBe(true);
  });

  it('refuses a count out of range with a clear message', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/seed/src/cli.ts'), '--logs', '0'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--logs must be an integer from 1 to') });
  });
});
