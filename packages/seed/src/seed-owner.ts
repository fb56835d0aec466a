import { hash } from '@node-rs/argon2';
import { createUser, getUserByLogin, type DatabaseHandle } from '@seyir/db';

/** The password of an account the seeder creates (printed by the CLI): demo data only. */
export const SEED_PASSWORD = 'Seyir-ornek-123';

/**
 * The account that will own seeded projects: the existing user `username` (or e-mail), or a
 * new one with SEED_PASSWORD on the professional plan (90-day retention keeps the history).
 */
export async function ensureSeedOwner(handle: DatabaseHandle, username: string): Promise<{ id: string; created: boolean }> {
  const existing = await getUserByLogin(handle.db, username);
  if (existing) return { id: existing.id, created: false };
  const result = await createUser(handle.db, {
    username,
    email: `${username}@seed.seyir.local`,
    firstName: 'Örnek',
    lastName: 'Kullanıcı',
    passwordHash: await hash(SEED_PASSWORD, { algorithm: 2 }),
  });
  if (!result.ok) throw new Error(`could not create the seed account ${username}: ${result.conflict} taken`);
  await handle.sql.query(`UPDATE users SET plan = 'professional' WHERE id = $1`, [result.user.id]);
  return { id: result.user.id, created: true };
}
