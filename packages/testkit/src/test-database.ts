import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '@seyir/db';
import { createDatabase } from './postgres-server.js';

/** A fresh, migrated PostgreSQL database of its own, copied from the run's template. */
export async function createTestDatabase(adminUrl: string, template: string): Promise<{ url: string; handle: DatabaseHandle }> {
  const name = `seyir_t_${randomBytes(6).toString('hex')}`;
  await createDatabase(adminUrl, name, template);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return { url: url.toString(), handle };
}
