import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection.js';
import { migrate } from '../migrate.js';
import { createTestDatabase } from '@seyir/testkit';
import { ensureLogPartitions } from './partitions.js';

const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const h of handles) await h.close();
});

async function both(): Promise<[string, DatabaseHandle][]> {
  const pg = (await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'))).handle;
  const lite = await openDatabase({});
  await migrate(lite);
  handles.push(pg, lite);
  return [
    ['PostgreSQL', pg],
    ['PGlite', lite],
  ];
}

let databases: [string, DatabaseHandle][];
beforeAll(async () => {
  databases = await both();
});

describe('daily log partitions', () => {
  it('creates yesterday to three days ahead once, and new logs land in their day', async () => {
    for (const [name, db] of databases) {
      const now = new Date('2026-11-22T10:00:00Z');
      expect(await ensureLogPartitions(db.sql, now), name).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
      expect(await ensureLogPartitions(db.sql, now), name).toEqual([]);
      await db.sql.query(
        `INSERT INTO logs (project_id, id, timestamp, received_at, level, environment, message) VALUES (gen_random_uuid(), gen_random_uuid(), $1, now(), 'INFO', 'production', 'x')`,
        ['2026-11-22T12:00:00Z'],
      );
      const { rows } = await db.sql.query<{ part: string }>(`SELECT tableoid::regclass::text AS part FROM logs`);
      expect(rows.map((r) => r.part), name).toEqual(['logs_20261122']);
    }
  });

  it('leaves a day alone whose logs already sit in the default partition', async () => {
    for (const [name, db] of databases) {
      await db.sql.query(
        `INSERT INTO logs (project_id, id, timestamp, received_at, level, environment, message) VALUES (gen_random_uuid(), gen_random_uuid(), $1, now(), 'INFO', 'production', 'old')`,
        ['2026-10-01T12:00:00Z'],
      );
      expect(await ensureLogPartitions(db.sql, new Date('2026-10-01T00:00:00Z'), 0, 0), name).toEqual([]);
      const { rows } = await db.sql.query<{ part: string }>(`SELECT tableoid::regclass::text AS part FROM logs WHERE message = 'old'`);
      expect(rows[0]?.part, name).toBe('logs_default');
    }
  });
});
