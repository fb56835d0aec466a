import { createTestDatabase } from '@seyir/testkit';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle, SqlClient } from '../connection.js';
import { createProject } from './projects.js';
import { createSavedView, findSavedViews } from './saved-views.js';
import { createUser } from './users.js';

/**
 * Per-project count limits hold exactly against a create that is in flight: the second create
 * waits for the first's commit and then counts its row. Staged on real PostgreSQL, where two
 * connections can overlap: the first create runs inside a transaction kept open until the
 * second has started.
 */
let database: DatabaseHandle;
let projectId: string;
let userId: string;

beforeAll(async () => {
  database = (await createTestDatabase(inject('pgAdminUrl'), inject('pgTemplate'))).handle;
  const user = await createUser(database.db, { username: 'sinir', email: 'sinir@example.com', firstName: '', lastName: '', passwordHash: 'x' });
  if (!user.ok) throw new Error('test user');
  userId = user.user.id;
  projectId = (await createProject(database.db, { name: 'Sınır', environments: ['production'], ownerId: userId })).id;
});
afterAll(() => database?.close());

/** A `database` whose transaction is one already open (the first create's). */
const inside = (sql: SqlClient): Pick<DatabaseHandle, 'transaction'> => ({ transaction: (fn) => fn(sql) });

describe('a create under a per-project limit', () => {
  it('counts the row of a create that committed while it waited, so the limit is never passed', async () => {
    const max = 3;
    const view = (name: string) => ({ name, query: '', columns: [] });
    for (const name of ['Bir', 'İki']) expect((await createSavedView(database, projectId, userId, view(name), max)).ok).toBe(true);

    let second: Promise<unknown> | undefined;
    await database.transaction(async (sql) => {
      // The first create takes the last place and has not committed yet.
      expect((await createSavedView(inside(sql), projectId, userId, view('Üç'), max)).ok).toBe(true);
      second = createSavedView(database, projectId, userId, view('Dört'), max);
      // Give the second create time to reach PostgreSQL while this one is still open.
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await second).toEqual({ ok: false, reason: 'limit' });
    expect((await findSavedViews(database.sql, projectId)).map((v) => v.name).sort()).toEqual(['Bir', 'Üç', 'İki'].sort());
  });

  it('answers not_found for a project that does not exist', async () => {
    expect(await createSavedView(database, '00000000-0000-4000-8000-000000000000', userId, { name: 'x', query: '', columns: [] }, 3)).toEqual({ ok: false, reason: 'not_found' });
  });
});
