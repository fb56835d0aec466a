import { randomUUID } from 'node:crypto';
import type { IngestJob, JobLog } from '@seyir/domain';
import { createAlertRule, createProject, createUser, type DatabaseHandle } from '@seyir/db';
import { createTestDatabase } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logIdFor, timeOfLogId } from './log-id.js';
import { newJobLog } from './new-job-log.js';
import { processBatch, processBatches, type PipelineDeps } from './process-batch.js';
import { TemplateStore } from './template-store.js';

let handle: DatabaseHandle;
let deps: PipelineDeps;
let projectId: string;
let ownerId: string;

beforeAll(async () => {
  ({ handle } = await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate')));
  const user = await createUser(handle.db, { username: 'boru', email: 'boru@example.com', firstName: '', lastName: '', passwordHash: 'x' });
  if (!user.ok) throw new Error('user');
  ownerId = user.user.id;
  projectId = (await createProject(handle.db, { name: 'Boru Hattı', environments: ['production'], ownerId })).id;
  deps = { database: handle, templates: new TemplateStore(handle.sql), planPreset: 'pricing' };
});
afterAll(() => handle?.close());

const base = Date.UTC(2026, 10, 22, 9, 0, 0);
function log(message: string, extra: Partial<JobLog> = {}, at = base): JobLog {
  return newJobLog({ message, timestampMs: at, ...extra });
}
function job(logs: JobLog[], project = projectId): IngestJob {
  return { batchId: randomUUID(), projectId: project, receivedAtMs: base, logs };
}
async function q<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await handle.sql.query<T>(text, params)).rows;
}

describe('processBatch', () => {
  it('stores logs, groups messages by template and counts rollups and usage', async () => {
    const outcome = await processBatch(
      deps,
      job([
        log('User 1842 logged in from 10.0.0.1', { tags: ['auth'], context: { user: { id: 1842 } } }),
        log('User 77 logged in from 10.0.0.9', { level: 'WARNING', context: { user: { id: 77 } } }, base + 1000),
        log('Disk /dev/sda1 is 91% full', { level: 'ERROR', environment: 'staging' }, base + 2000),
      ]),
    );
    expect(outcome.inserted).toBe(3);
    const groups = await q(`SELECT template, count, level, environments, tags, users_affected FROM log_groups WHERE project_id = $1 ORDER BY count DESC`, [projectId]);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({ count: 2, level: 'WARNING', environments: ['production'], tags: ['auth'] });
    expect(groups[0].template).toContain('<*>');
    expect(groups[0].users_affected.sort()).toEqual(['id:1842', 'id:77']);
    expect(groups[1]).toMatchObject({ count: 1, level: 'ERROR', environments: ['staging'] });
    const rollups = await q(`SELECT level, environment, count FROM log_rollups_hourly WHERE project_id = $1 ORDER BY level`, [projectId]);
    expect(rollups).toEqual([
      { level: 'ERROR', environment: 'staging', count: 1 },
      { level: 'INFO', environment: 'production', count: 1 },
      { level: 'WARNING', environment: 'production', count: 1 },
    ]);
    // A new environment seen in the stream is added to the project.
    expect((await q(`SELECT environments FROM projects WHERE id = $1`, [projectId]))[0].environments).toEqual(['production', 'staging']);
    expect((await q(`SELECT logs FROM usage_monthly WHERE account_id = $1`, [ownerId]))[0].logs).toBe(3);
  });

  it('keeps every log in a live group, counted once, when a template generalises inside a batch', async () => {
    const other = (await createProject(handle.db, { name: 'Genelleme', environments: ['production'], ownerId })).id;
    // Word variants the miner first keeps apart, then merges into one template with a wildcard.
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
    const logs = words.flatMap((w, i) => [log(`Connection to ${w} refused by peer`, {}, base + i * 10), log(`Cache ${w} rebuilt in place`, {}, base + i * 10 + 5)]);
    const outcome = await processBatch(deps, job(logs, other));
    expect(outcome.inserted).toBe(logs.length);
    const orphans = await q(`SELECT count(*)::int AS n FROM logs l WHERE l.project_id = $1 AND NOT EXISTS (SELECT 1 FROM log_groups g WHERE g.id = l.group_id)`, [other]);
    expect(orphans[0].n).toBe(0);
    const perGroup = await q<{ id: string; count: number; logs: number }>(
      `SELECT g.id, g.count::int AS count, (SELECT count(*)::int FROM logs l WHERE l.project_id = $1 AND l.group_id = g.id) AS logs FROM log_groups g WHERE g.project_id = $1`,
      [other],
    );
    expect(perGroup.length).toBeLessThan(logs.length); // templates were learned
    for (const g of perGroup) expect(g.count).toBe(g.logs);
    expect(perGroup.reduce((sum, g) => sum + g.count, 0)).toBe(logs.length);
  });

  it('stores and counts a retried batch exactly once', async () => {
    const batch = job([log('Payment 1 captured', {}, base + 5000), log('Payment 2 captured', {}, base + 6000)]);
    const [first, second] = [await processBatch(deps, batch), await processBatch(deps, batch)];
    expect(first.inserted).toBe(2);
    expect(second.inserted).toBe(0);
    expect((await q(`SELECT count(*)::int AS n FROM logs WHERE id = ANY($1::uuid[])`, [batch.logs.map((l) => l.id)]))[0].n).toBe(2);
    const [group] = await q(`SELECT count FROM log_groups WHERE project_id = $1 AND template LIKE 'Payment%'`, [projectId]);
    expect(group.count).toBe(2);
  });

  it('stores only the new logs of a job that repeats some already stored (a resent request joined with new ones)', async () => {
    const first = [log('Invoice 1 sent', {}, base + 9000), log('Invoice 2 sent', {}, base + 9100)];
    await processBatch(deps, job(first));
    const outcome = await processBatch(deps, job([...first, log('Invoice 3 sent', {}, base + 9200)]));
    expect(outcome.inserted).toBe(1);
    expect(outcome.insertedLogs.map((l) => l.message)).toEqual(['Invoice 3 sent']);
    const [group] = await q(`SELECT count FROM log_groups WHERE project_id = $1 AND template LIKE 'Invoice%'`, [projectId]);
    expect(group.count).toBe(3);
  });

  it('stores text with tabs, line breaks, backslashes, quotes and Turkish letters exactly as sent', async () => {
    const message = 'Satır 1\tsekme\nSatır 2 \\ ters eğik \r "tırnak" ğüşıöç ĞÜŞİÖÇ \\N';
    const sent = log(message, {
      host: 'web\t1',
      tags: ['a"b', 'c\\d', 'e,f', '{g}'],
      metadata: { path: 'C:\\temp\\x', note: 'iki\nsatır', tab: '\t' },
      exception: { type: 'ValueError', value: 'kötü \\ değer', traceback: 'Traceback\n  File "a.py"\n' },
    }, base + 9500);
    const other = (await createProject(handle.db, { name: 'Kaçış', environments: ['production'], ownerId })).id;
    expect((await processBatch(deps, job([sent], other))).inserted).toBe(1);
    const [row] = await q(`SELECT message, host, tags, metadata, exception FROM logs WHERE id = $1`, [sent.id]);
    expect(row.message).toBe(message);
    expect(row.host).toBe('web\t1');
    expect(row.tags).toEqual(['a"b', 'c\\d', 'e,f', '{g}']);
    expect(row.metadata).toEqual({ path: 'C:\\temp\\x', note: 'iki\nsatır', tab: '\t' });
    expect(row.exception).toMatchObject({ type: 'ValueError', value: 'kötü \\ değer', traceback: 'Traceback\n  File "a.py"\n' });
  });

  it('counts a log once when a resent request (same Idempotency-Key, same ids) lands in the same job', async () => {
    const sent = [log('Refund 1 issued', {}, base + 7000), log('Refund 2 issued', {}, base + 8000)];
    const outcome = await processBatch(deps, job([...sent, ...sent]));
    expect(outcome.inserted).toBe(2);
    const [group] = await q(`SELECT count FROM log_groups WHERE project_id = $1 AND template LIKE 'Refund%'`, [projectId]);
    expect(group.count).toBe(2);
  });

  it('groups exceptions by type and in-app frames, not by line numbers or values', async () => {
    const exception = (line: number, value: string, fn = 'charge') => ({
      type: 'ValueError',
      value,
      frames: [
        { filename: 'app/payments.py', module: 'app.payments', function: fn, lineno: line, in_app: true },
        { filename: '/usr/lib/python3.11/site-packages/lib.py', module: 'lib', function: 'call', lineno: 3, in_app: false },
      ],
    });
    await processBatch(
      deps,
      job([
        log('charge failed', { level: 'ERROR', exception: exception(10, 'amount 5') }),
        log('charge failed again', { level: 'ERROR', exception: exception(42, 'amount 900') }),
        log('refund failed', { level: 'ERROR', exception: exception(10, 'amount 5', 'refund') }),
      ]),
    );
    const groups = await q(`SELECT kind, template, count FROM log_groups WHERE project_id = $1 AND kind = 'exception' ORDER BY template`, [projectId]);
    expect(groups.map((g) => [g.template, g.count])).toEqual([
      ['ValueError: in app.payments.charge', 2],
      ['ValueError: in app.payments.refund', 1],
    ]);
  });

  it('scrubs secrets on the server before storing', async () => {
    const l = log('login with Bearer abcdefghijkl123 card 4111 1111 1111 1111', { request: { headers: { Authorization: 'Bearer x', Accept: '*/*' } } }, base + 9000);
    await processBatch(deps, job([l]));
    const [row] = await q(`SELECT message, request FROM logs WHERE id = $1`, [l.id]);
    expect(row.message).toBe('login with Bearer [Filtered] card [Filtered]');
    expect(row.request).toEqual({ headers: { Authorization: '[Filtered]', Accept: '*/*' } });
  });

  it('keeps logs over the monthly quota, marks them and records each threshold once', async () => {
    const user = await createUser(handle.db, { username: 'kota', email: 'kota@example.com', firstName: '', lastName: '', passwordHash: 'x' });
    if (!user.ok) throw new Error('user');
    const project = await createProject(handle.db, { name: 'Kota', environments: ['production'], ownerId: user.user.id });
    const month = '2026-11-01';
    await handle.sql.query(`INSERT INTO usage_monthly (account_id, month, logs) VALUES ($1, $2, 49999)`, [user.user.id, month]);
    const outcome = await processBatch(deps, job([log('a 1', {}, base + 1), log('a 2', {}, base + 2), log('a 3', {}, base + 3)], project.id));
    expect(outcome.overage).toBe(2);
    const rows = await q(`SELECT is_overage FROM logs WHERE project_id = $1 ORDER BY timestamp`, [project.id]);
    expect(rows.map((r) => r.is_overage)).toEqual([false, true, true]);
    expect((await q(`SELECT logs, overage_logs FROM usage_monthly WHERE account_id = $1`, [user.user.id]))[0]).toEqual({ logs: 50002, overage_logs: 2 });
    expect((await q(`SELECT kind, threshold FROM usage_events WHERE account_id = $1`, [user.user.id]))).toEqual([{ kind: 'quota_100', threshold: 50000 }]);
    // The crossing needs the alerts' look (a quota rule may announce it) though the project has no rule.
    expect(outcome.alertable).toBe(true);
    expect((await processBatch(deps, job([log('a 4', {}, base + 4)], project.id))).alertable).toBe(false);
  });

  it('asks for an alerts look only while the project has an enabled rule other than a quota rule', async () => {
    const project = await createProject(handle.db, { name: 'Kurallar', environments: ['production'], ownerId });
    const batch = (n: number) => job([log(`rule check ${n}`, {}, base + n)], project.id);
    expect((await processBatch(deps, batch(1))).alertable).toBe(false);
    // A quota rule is served by the batches that cross a threshold (see the quota test).
    await createAlertRule(handle, project.id, ownerId, { name: 'Kota', type: 'quota', channels: [{ type: 'email', to: ['a@example.com'] }], conditions: {}, cooldownMinutes: 10, enabled: true });
    expect((await processBatch(deps, batch(4))).alertable).toBe(false);
    const rule = await createAlertRule(handle, project.id, ownerId, {
      name: 'Yeni hata',
      type: 'new_group',
      channels: [{ type: 'email', to: ['a@example.com'] }],
      conditions: { min_level: 'ERROR', environment: null },
      cooldownMinutes: 10,
      enabled: true,
    });
    expect((await processBatch(deps, batch(2))).alertable).toBe(true);
    await handle.sql.query(`UPDATE alert_rules SET enabled = false WHERE id = $1`, [rule!.id]);
    expect((await processBatch(deps, batch(3))).alertable).toBe(false);
  });

  it('makes log ids that carry the log time', () => {
    const id = logIdFor(base + 123);
    expect(timeOfLogId(id)).toBe(base + 123);
    expect(timeOfLogId('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});

describe('processBatches', () => {
  it('stores batches that waited together in one go: each log with its own batch\'s receive time, a log sent twice stored and counted once', async () => {
    const other = (await createProject(handle.db, { name: 'Birlikte', environments: ['production'], ownerId })).id;
    const usageBefore = (await q(`SELECT coalesce(sum(logs), 0)::int AS n FROM usage_monthly WHERE account_id = $1`, [ownerId]))[0].n;
    const resent = log('Order 17 shipped', {}, base + 10);
    const first: IngestJob = { batchId: randomUUID(), projectId: other, receivedAtMs: base + 1000, logs: [log('Order 15 shipped', {}, base), resent] };
    const second: IngestJob = { batchId: randomUUID(), projectId: other, receivedAtMs: base + 4000, logs: [resent, log('Order 18 shipped', {}, base + 20)] };
    const outcome = await processBatches(deps, [first, second]);
    expect(outcome.inserted).toBe(3);
    const rows = await q<{ message: string; received_at: Date }>(`SELECT message, received_at FROM logs WHERE project_id = $1 ORDER BY timestamp`, [other]);
    expect(rows.map((r) => [r.message, r.received_at.getTime()])).toEqual([
      ['Order 15 shipped', base + 1000],
      ['Order 17 shipped', base + 1000],
      ['Order 18 shipped', base + 4000],
    ]);
    const groups = await q(`SELECT count::int AS count FROM log_groups WHERE project_id = $1`, [other]);
    expect(groups).toEqual([{ count: 3 }]);
    expect((await q(`SELECT coalesce(sum(count), 0)::int AS n FROM log_rollups_hourly WHERE project_id = $1`, [other]))[0].n).toBe(3);
    expect((await q(`SELECT coalesce(sum(logs), 0)::int AS n FROM usage_monthly WHERE account_id = $1`, [ownerId]))[0].n).toBe(usageBefore + 3);
    // Run again (a retried job): nothing stored or counted twice.
    expect((await processBatches(deps, [second, first])).inserted).toBe(0);
    expect((await q(`SELECT count::int AS count FROM log_groups WHERE project_id = $1`, [other]))).toEqual([{ count: 3 }]);
  });

  it('refuses batches of different projects or months, and no batches at all', async () => {
    await expect(processBatches(deps, [])).rejects.toThrow(/no batches/);
    await expect(processBatches(deps, [job([log('a')]), job([log('b')], randomUUID())])).rejects.toThrow(/project and month/);
    const nextMonth: IngestJob = { ...job([log('c')]), receivedAtMs: Date.UTC(2026, 11, 1, 0, 0, 1) };
    await expect(processBatches(deps, [job([log('d')]), nextMonth])).rejects.toThrow(/project and month/);
  });
});
