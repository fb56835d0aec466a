import { parseQuery } from '@seyir/domain';
import { createTestDatabase } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../connection.js';
import { logFilterSql, SqlParams } from './logs-filter-sql.js';

let db: DatabaseHandle;
const projectId = '0190a6f2-0000-7000-8000-00000000a001';
beforeAll(async () => {
  db = (await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'))).handle;
  // 2,000 logs of one day: one in 100 tagged, one in 50 with a context.
  await db.sql.query(
    `INSERT INTO logs (project_id, id, timestamp, received_at, level, environment, message, tags, context)
     SELECT $1, gen_random_uuid(), now() - make_interval(secs => i), now(), 'INFO', 'production', 'm ' || i,
            CASE WHEN i % 100 = 0 THEN ARRAY['payments'] ELSE '{}' END,
            CASE WHEN i % 50 = 0 THEN jsonb_build_object('order', jsonb_build_object('id', i)) END
     FROM generate_series(1, 2000) i`,
    [projectId],
  );
  await db.sql.query('ANALYZE logs');
});
afterAll(async () => {
  await db.close();
});

/** The plan and the rows of a logs query in the search language, as the logs API runs it. */
async function run(q: string): Promise<{ plan: string; count: number }> {
  const params = new SqlParams();
  const where = logFilterSql(projectId, { query: parseQuery(q)! }, params);
  return db.transaction(async (sql) => {
    await sql.query('SET LOCAL enable_seqscan = off');
    const explain = await sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT l.id FROM logs l WHERE ${where}`, params.values);
    const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM logs l WHERE ${where}`, params.values);
    return { plan: explain.rows.map((r) => r['QUERY PLAN']).join('\n'), count: rows[0]!.n };
  });
}

describe('GIN indexes over the logs that have tags or a context (migration 0012)', () => {
  it('answers tag and context filters through their indexes, with every match', async () => {
    const tags = await run('tags:payments');
    expect(tags.count).toBe(20);
    expect(tags.plan).toMatch(/Bitmap Index Scan on \S*tags\S*/);
    const context = await run('context.order.id:100');
    expect(context.count).toBe(1);
    expect(context.plan).toMatch(/Bitmap Index Scan on \S*context\S*/);
    const either = await run('tags:payments OR context.order.id:150');
    expect(either.count).toBe(21);
    expect(either.plan).toMatch(/tags\S* [\s\S]*context|context\S* [\s\S]*tags/);
  });

  it('holds no entry for the logs without tags or context', async () => {
    const { rows } = await db.sql.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'logs' AND indexname IN ('logs_tags_gin_idx', 'logs_context_gin_idx') ORDER BY indexname`,
    );
    expect(rows.map((r) => r.indexdef.replace(/^.* WHERE /, ''))).toEqual(['(context IS NOT NULL)', '(cardinality(tags) > 0)']);
  });
});
