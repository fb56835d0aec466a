import { foldTurkish } from '@seyir/domain';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../connection.js';
import { users, type UserRow } from '../schema/index.js';
import { escapeLike, uniqueViolation } from './errors.js';

export interface NewUser {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
}

export type CreateUserResult = { ok: true; user: UserRow } | { ok: false; conflict: 'username' | 'email' };

/** Serialises "is this the first user?" so exactly one first user becomes the instance admin. */
const FIRST_USER_LOCK = 0x5e71_0002;

/**
 * Creates a user. The first user of an instance becomes a global admin (`is_admin`), so a
 * self-hosted install has an operator. A taken username or e-mail (Turkish case-folded) is a
 * conflict, not an exception.
 */
export async function createUser(db: Database, input: NewUser): Promise<CreateUserResult> {
  const taken = await findConflict(db, input.username, input.email);
  if (taken) return { ok: false, conflict: taken };
  try {
    const user = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK})`);
      const [existing] = await tx.select({ id: users.id }).from(users).limit(1);
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          usernameKey: foldTurkish(input.username),
          email: input.email,
          emailKey: foldTurkish(input.email),
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash: input.passwordHash,
          isAdmin: existing === undefined,
        })
        .returning();
      return row!;
    });
    return { ok: true, user };
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint) return { ok: false, conflict: constraint.includes('email') ? 'email' : 'username' };
    throw error;
  }
}

async function findConflict(db: Database, username: string, email: string, exceptId?: string): Promise<'username' | 'email' | undefined> {
  const usernameKey = foldTurkish(username);
  const emailKey = foldTurkish(email);
  const rows = await db
    .select({ usernameKey: users.usernameKey, emailKey: users.emailKey })
    .from(users)
    .where(and(or(eq(users.usernameKey, usernameKey), eq(users.emailKey, emailKey)), exceptId ? ne(users.id, exceptId) : undefined));
  if (rows.some((r) => r.usernameKey === usernameKey)) return 'username';
  if (rows.some((r) => r.emailKey === emailKey)) return 'email';
  return undefined;
}

export async function getUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The user whose username or e-mail equals `login` (Turkish case-folded). */
export async function getUserByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  const key = foldTurkish(login.trim());
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.usernameKey, key), eq(users.emailKey, key)))
    .limit(1);
  return row;
}

export type UpdateProfileResult = { ok: true; user: UserRow } | { ok: false; conflict: 'username' | 'email' };

export async function updateUserProfile(
  db: Database,
  id: string,
  input: Pick<NewUser, 'username' | 'email' | 'firstName' | 'lastName'>,
): Promise<UpdateProfileResult> {
  const taken = await findConflict(db, input.username, input.email, id);
  if (taken) return { ok: false, conflict: taken };
  try {
    const [row] = await db
      .update(users)
      .set({
        username: input.username,
        usernameKey: foldTurkish(input.username),
        email: input.email,
        emailKey: foldTurkish(input.email),
        firstName: input.firstName,
        lastName: input.lastName,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    return { ok: true, user: row! };
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint) return { ok: false, conflict: constraint.includes('email') ? 'email' : 'username' };
    throw error;
  }
}

/** Sets a new password hash and ends every token issued before (token_version + 1). */
export async function updateUserPassword(db: Database, id: string, passwordHash: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Ends every token issued to the user so far (logout). */
export async function revokeUserTokens(db: Database, id: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/**
 * Users whose username or e-mail contains `query` (Turkish case-folded), at most `limit`,
 * usernames that start with the query first.
 */
export async function findUsersMatching(db: Database, query: string, limit = 20): Promise<UserRow[]> {
  const key = foldTurkish(query.trim());
  const pattern = `%${escapeLike(key)}%`;
  return db
    .select()
    .from(users)
    .where(or(sql`${users.usernameKey} LIKE ${pattern}`, sql`${users.emailKey} LIKE ${pattern}`))
    .orderBy(sql`${users.usernameKey} LIKE ${`${escapeLike(key)}%`} DESC`, asc(users.usernameKey))
    .limit(limit);
}

/** The notification preferences a user keeps on the server (spec §3; the theme stays in the browser). */
export async function updateNotificationPreferences(
  db: Database,
  id: string,
  input: { emailNotifications: boolean; slackNotifications: boolean; slackWebhookUrl: string },
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ ...input, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row;
}
