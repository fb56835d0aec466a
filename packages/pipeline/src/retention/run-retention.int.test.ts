import { randomUUID } from 'node:crypto';
import type { JobLog } from '@seyir/domain';
import {
  addPerfRollups,
  applyGroupDeltas,
  ensurePerfRoutes,
  insertPerfRequests,
  createProject,
  createUser,
  deleteEmptyGroups,
  ensureGroups,
  ensureLogPartitions,
  migrate,
  openDatabase,
  withRetentionLock,
  type DatabaseHandle,
} from '@seyir/db';
import { createTestDatabase } from '@seyir/testkit';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { newJobLog } from '../new-job-log.js';
import { processBatch } from '../process-batch.js';
import { timingRollups } from '../timings/process-timings.js';
import { TemplateStore } from '../template-store.js';
import type { ArchiveDay, LogArchiver } from './log-archiver.js';
import { runRetention } from './run-retention.js';

/**
 * Retention on real PostgreSQL (and PGlite, embedded mode). The clock is 2026-06-15 12:00 UTC:
 * a free project (7 days) keeps logs from 2026-06-08, a standard one (30 days) from 2026-05-16,
 * and whole partitions before 2026-05-16 go (the longest retention in use is 30 days).
 */
const NOW = new Date('2026-06-15T12:00:00Z');
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const h of handles) await h.close();
});

const at = (day: string, hour: number, minute = 0) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);

interface World {
  db: DatabaseHandle;
  free: string;
  standard: string;
  freeOwner: string;
  q<T = any>(text: string, params?: unknown[]): Promise<T[]>;
  seed(projectId: string, logs: { message: string; at: number; level?: JobLog['level']; environment?: string }[]): Promise<string[]>;
}

async function world(kind: 'postgres' | 'pglite'): Promise<World> {
  let db: DatabaseHandle;
  if (kind === 'postgres') db = (await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'))).handle;
  else {
    db = await openDatabase({});
    await migrate(db);
  }
  handles.push(db);
  const owner = async (name: string, plan: string) => {
    const user = await createUser(db.db, { username: name, email: `${name}@example.com`, firstName: '', lastName: '', passwordHash: 'x' });
    if (!user.ok) throw new Error('user');
    await db.sql.query('UPDATE users SET plan = $2 WHERE id = $1', [user.user.id, plan]);
    return user.user.id;
  };
  const freeOwner = await owner('ucretsiz', 'free');
  const standardOwner = await owner('standart', 'standard');
  const free = (await createProject(db.db, { name: 'Ücretsiz Proje', environments: ['production'], ownerId: freeOwner })).id;
  const standard = (await createProject(db.db, { name: 'Standart Proje', environments: ['production'], ownerId: standardOwner })).id;
  for (const day of ['2026-05-01', '2026-05-20', '2026-06-05', '2026-06-12']) await ensureLogPartitions(db.sql, new Date(`${day}T00:00:00Z`), 0, 0);
  const templates = new TemplateStore(db.sql);
  return {
    db,
    free,
    standard,
    freeOwner,
    q: async (text, params = []) => (await db.sql.query<any>(text, params)).rows,
    seed: async (projectId, logs) => {
      const jobLogs = logs.map((l) => newJobLog({ message: l.message, timestampMs: l.at, level: l.level ?? 'ERROR', environment: l.environment ?? 'production' }));
      await processBatch({ database: db, templates, planPreset: 'pricing' }, { batchId: randomUUID(), projectId, receivedAtMs: NOW.getTime(), logs: jobLogs });
      return jobLogs.map((l) => l.id);
    },
  };
}

/** Both projects with logs before, across and after their cutoffs. */
async function seedBoth(w: World) {
  const times = (day: string, n: number, hour = 10) => Array.from({ length: n }, (_, i) => at(day, hour, i));
  await w.seed(w.free, [...times('2026-05-01', 1), ...times('2026-05-20', 1)].map((t) => ({ message: 'Eski yapılandırma dosyası okunamadı', at: t })));
  await w.seed(w.free, times('2026-06-05', 7).map((t, i) => ({ message: 'Ödeme servisi zaman aşımına uğradı', at: t, level: i === 0 ? 'CRITICAL' : 'ERROR' })));
  const keptFree = await w.seed(w.free, times('2026-06-12', 2).map((t) => ({ message: 'Ödeme servisi zaman aşımına uğradı', at: t, environment: 'staging' })));
  await w.seed(w.standard, [...times('2026-05-01', 2), at('2026-05-10', 8)].map((t) => ({ message: 'Kuyruk gecikmesi arttı', at: t, level: 'WARNING' as const })));
  const keptStandard = await w.seed(w.standard, [...times('2026-05-20', 2, 23), at('2026-06-12', 1)].map((t) => ({ message: 'Kuyruk gecikmesi arttı', at: t, level: 'WARNING' as const })));
  return { kept: new Set([...keptFree, ...keptStandard]) };
}

async function expectCountsMatchLogs(w: World) {
  for (const projectId of [w.free, w.standard]) {
    const [logs] = await w.q(`SELECT count(*)::int AS n FROM logs WHERE project_id = $1`, [projectId]);
    const [groups] = await w.q(`SELECT coalesce(sum(count), 0)::int AS n FROM log_groups WHERE project_id = $1`, [projectId]);
    const [rollups] = await w.q(`SELECT coalesce(sum(count), 0)::int AS n FROM log_rollups_hourly WHERE project_id = $1`, [projectId]);
    expect(groups.n).toBe(logs.n);
    expect(rollups.n).toBe(logs.n);
    // The daily rollups (24-hour buckets from 21:00 UTC) hold exactly the hourly ones summed.
    const daily = await w.q(`SELECT day, level, environment, count::int AS n FROM log_rollups_daily WHERE project_id = $1 AND count <> 0 ORDER BY 1, 2, 3`, [projectId]);
    const fromHours = await w.q(
      `SELECT date_bin('1 day', hour, TIMESTAMPTZ '2000-01-01 21:00:00+00') AS day, level, environment, sum(count)::int AS n
       FROM log_rollups_hourly WHERE project_id = $1 GROUP BY 1, 2, 3 HAVING sum(count) <> 0 ORDER BY 1, 2, 3`,
      [projectId],
    );
    expect(daily).toEqual(fromHours);
    expect(daily.length).toBeGreaterThan(0);
    const perGroup = await w.q(
      `SELECT g.count::int AS count, g.first_seen, (SELECT count(*)::int FROM logs l WHERE l.group_id = g.id) AS stored,
              (SELECT min(timestamp) FROM logs l WHERE l.group_id = g.id) AS oldest
       FROM log_groups g WHERE g.project_id = $1`,
      [projectId],
    );
    for (const g of perGroup) {
      expect(g.count).toBe(g.stored);
      expect(new Date(g.first_seen).getTime()).toBe(new Date(g.oldest).getTime());
    }
  }
}

describe('runRetention', () => {
  for (const kind of ['postgres', 'pglite'] as const) {
    it(`deletes logs past each plan's retention, drops old partitions and keeps counts right (${kind})`, async () => {
      const w = await world(kind);
      const { kept } = await seedBoth(w);
      const usageBefore = await w.q(`SELECT account_id, month, logs FROM usage_monthly ORDER BY account_id`);

      const report = await runRetention({ database: w.db, planPreset: 'pricing', chunkSize: 3 }, NOW);

      expect(report).toMatchObject({ droppedDays: ['2026-05-01'], deletedLogs: 1 + 1 + 7 + 2 + 1, deletedGroups: 1, skipped: [], budgetExhausted: false });
      const partitions = (await w.q(`SELECT relname FROM pg_class WHERE relname LIKE 'logs_2026%' AND relkind = 'r' ORDER BY relname`)).map((r) => r.relname);
      expect(partitions).toEqual(['logs_20260520', 'logs_20260605', 'logs_20260612']);
      // Exactly the logs within retention are left, untouched.
      const left = await w.q(`SELECT id, project_id FROM logs ORDER BY timestamp`);
      expect(new Set(left.map((r) => r.id))).toEqual(kept);
      // The group whose logs all expired is gone; the others count what is left, from their oldest log.
      const groups = await w.q(`SELECT project_id, sample_message, count::int AS count, first_seen, level FROM log_groups ORDER BY sample_message`);
      expect(groups.map((g) => [g.project_id, g.sample_message, g.count])).toEqual([
        [w.standard, 'Kuyruk gecikmesi arttı', 3],
        [w.free, 'Ödeme servisi zaman aşımına uğradı', 2],
      ]);
      expect(new Date(groups[0].first_seen).toISOString()).toBe('2026-05-20T23:00:00.000Z');
      expect(new Date(groups[1].first_seen).toISOString()).toBe('2026-06-12T10:00:00.000Z');
      expect(groups[1].level).toBe('CRITICAL'); // the highest level ever seen is kept (see ARCHITECTURE.md)
      await expectCountsMatchLogs(w);
      const [{ oldest }] = await w.q(`SELECT min(hour) AS oldest FROM log_rollups_hourly WHERE project_id = $1`, [w.free]);
      expect(new Date(oldest).toISOString()).toBe('2026-06-12T10:00:00.000Z');
      // Monthly usage is billing: never given back.
      expect(await w.q(`SELECT account_id, month, logs FROM usage_monthly ORDER BY account_id`)).toEqual(usageBefore);

      // A second run finds nothing more to do.
      expect(await runRetention({ database: w.db, planPreset: 'pricing' }, NOW)).toMatchObject({ droppedDays: [], deletedLogs: 0, deletedGroups: 0 });
    });
  }

  it('asks the archiver for every project × day first, and keeps what it could not archive', async () => {
    const w = await world('postgres');
    await seedBoth(w);
    const calls: string[] = [];
    const flaky: LogArchiver = {
      async archiveDay(day: ArchiveDay) {
        const { rows } = await w.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logs WHERE project_id = $1 AND timestamp >= $2 AND timestamp < $3`, [day.projectId, day.from, day.to]);
        calls.push(`${day.projectId === w.free ? 'free' : 'standard'} ${day.day} ${rows[0]?.n}`);
        if (day.projectId === w.standard && day.day === '2026-05-01') throw new Error('S3 yanıt vermiyor');
        if (day.projectId === w.free && day.day === '2026-06-05') throw new Error('S3 yanıt vermiyor');
      },
    };
    const report = await runRetention({ database: w.db, planPreset: 'pricing', archiver: flaky }, NOW);
    expect(calls.sort()).toEqual(['free 2026-05-01 1', 'free 2026-05-20 1', 'free 2026-06-05 7', 'standard 2026-05-01 2', 'standard 2026-05-10 1']);
    expect(report?.skipped).toEqual([
      { projectId: w.standard, day: '2026-05-01' },
      { projectId: w.free, day: '2026-06-05' },
    ]);
    expect(report?.droppedDays).toEqual([]);
    const left = await w.q(`SELECT project_id, to_char(timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n FROM logs WHERE timestamp < '2026-06-08' GROUP BY 1, 2 ORDER BY 2, 1`);
    expect(left.map((r) => [r.project_id === w.free ? 'free' : 'standard', r.day, r.n])).toEqual([
      ['standard', '2026-05-01', 2],
      ['standard', '2026-05-20', 2],
      ['free', '2026-06-05', 7],
    ]);
    await expectCountsMatchLogs(w);

    // Once archiving works, the rest goes, and the old day's partition with it.
    calls.length = 0;
    const again = await runRetention({ database: w.db, planPreset: 'pricing', archiver: { archiveDay: async (d) => void calls.push(`${d.day}`) } }, NOW);
    expect(again).toMatchObject({ droppedDays: ['2026-05-01'], deletedLogs: 2 + 7, skipped: [] });
    expect(calls.sort()).toEqual(['2026-05-01', '2026-06-05']);
    await expectCountsMatchLogs(w);
  });

  it('runs once at a time across processes', async () => {
    const w = await world('postgres');
    await seedBoth(w);
    await withRetentionLock(w.db, async () => {
      expect(await runRetention({ database: w.db, planPreset: 'pricing' }, NOW)).toBeUndefined();
    });
    expect((await runRetention({ database: w.db, planPreset: 'pricing' }, NOW))?.droppedDays).toEqual(['2026-05-01']);
  });

  it('never deletes an empty group while a batch is counting into it', async () => {
    const w = await world('postgres');
    await w.seed(w.free, [{ message: 'Nadiren görülen hata', at: at('2026-05-20', 10) }]);
    // All its logs expired: the group is empty and last seen long ago.
    await w.db.sql.query(`DELETE FROM logs WHERE project_id = $1`, [w.free]);
    await w.db.sql.query(`UPDATE log_groups SET count = 0 WHERE project_id = $1`, [w.free]);
    const [{ fingerprint, id }] = await w.q(`SELECT fingerprint, id FROM log_groups WHERE project_id = $1`, [w.free]);

    let deleted: number | undefined;
    let deletion: Promise<void> | undefined;
    await w.db.transaction(async (sql) => {
      // A batch of the same error arrives: it looks the group up ...
      const ids = await ensureGroups(sql, w.free, [{ fingerprint, kind: 'message', template: 'x', reason: '', sampleMessage: 'x', level: 'ERROR', firstSeen: NOW }]);
      expect(ids.get(fingerprint)).toBe(id);
      // ... retention wants the empty group gone meanwhile, and has to wait ...
      deletion = deleteEmptyGroups(w.db, w.free, NOW).then((n) => void (deleted = n));
      await new Promise((r) => setTimeout(r, 500));
      expect(deleted).toBeUndefined();
      // ... until the batch has counted into it and committed.
      await applyGroupDeltas(sql, [{ groupId: id, count: 1, firstSeen: NOW, lastSeen: NOW, lastLogId: randomUUID(), level: 'ERROR', environments: ['production'], tags: [], users: [] }]);
    });
    await deletion;
    expect(deleted).toBe(0);
    expect(await w.q(`SELECT count::int AS count FROM log_groups WHERE id = $1`, [id])).toEqual([{ count: 1 }]);
  });

  it('deletes performance data past its keeping time with the logs: minute rows after 2 days, details after 7, hourly and daily rows after the plan\'s 90', async () => {
    const w = await world('postgres');
    const routes = await ensurePerfRoutes(w.db.sql, w.free, [{ method: 'GET', route: '/orders/{id}' }], { maxRoutes: 10, overflowRoute: '(diğer)' });
    const routeId = [...routes.values()][0]!;
    const DAY = 86_400_000;
    const timing = (daysAgo: number) => ({
      route: '/orders/{id}', method: 'GET', status: 200, durationMs: 12, timestampMs: NOW.getTime() - daysAgo * DAY, environment: 'production',
      release: '', host: '', requestId: null, request: null, response: null,
    });
    // One request each 95, 80, 3 and 1 day ago: minute, hourly and daily rows through the worker's rollup code.
    await addPerfRollups(w.db.sql, w.free, timingRollups([95, 80, 3, 1].map(timing), () => routeId));
    const detail = (daysAgo: number) => ({ routeId, timestamp: new Date(NOW.getTime() - daysAgo * DAY), environment: 'production', status: 200, durationMs: 12, requestId: null, release: '', host: '', kind: 'slowest' as const, request: null, response: null });
    await insertPerfRequests(w.db.sql, w.free, [detail(8), detail(1)]);
    const rows = async () => (await w.q(`SELECT res, round(extract(epoch FROM $1::timestamptz - t) / 86400)::int AS days FROM perf_rollups ORDER BY res, t`, [NOW])).map((r) => `${r.res}:${r.days}`);
    expect(await rows()).toEqual(['1:95', '1:80', '1:3', '1:1', '60:95', '60:80', '60:3', '60:1', '1440:96', '1440:81', '1440:4', '1440:2']);

    const report = await runRetention({ database: w.db, planPreset: 'pricing' }, NOW);

    expect(await rows()).toEqual(['1:1', '60:80', '60:3', '60:1', '1440:81', '1440:4', '1440:2']);
    expect((await w.q(`SELECT count(*)::int AS n FROM perf_requests`))[0].n).toBe(1);
    expect(report?.deletedPerfRows).toBe(3 + 2 + 1);
  });
});
