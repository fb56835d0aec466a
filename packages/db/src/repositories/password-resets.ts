import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../connection.js';
import { passwordResetTokens, users, type UserRow } from '../schema/index.js';

/** Stores a reset token's hash; also clears the user's used or expired ones. */
export async function createPasswordResetToken(db: Database, input: { userId: string; tokenHash: string; expiresAt: Date; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, input.userId), or(lt(passwordResetTokens.expiresAt, input.now), sql`${passwordResetTokens.usedAt} IS NOT NULL`)));
    await tx.insert(passwordResetTokens).values({ tokenHash: input.tokenHash, userId: input.userId, expiresAt: input.expiresAt });
  });
}

/**
 * Uses a reset token once: when it is unused and unexpired at `now`, sets the new password
 * hash, raises the token version (every session ends) and deletes the user's other reset
 * tokens, all in one transaction. Undefined when the token is unknown, used or expired.
 */
export async function resetPasswordWithToken(db: Database, input: { tokenHash: string; passwordHash: string; now: Date }): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [token] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: input.now })
      .where(and(eq(passwordResetTokens.tokenHash, input.tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, input.now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!token) return undefined;
    const [user] = await tx
      .update(users)
      .set({ passwordHash: input.passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, token.userId))
      .returning();
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, token.userId), sql`${passwordResetTokens.tokenHash} <> ${input.tokenHash}`));
    return user;
  });
}

/** The user with this e-mail (Turkish case-folded key), if any. */
export async function getUserByEmailKey(db: Database, emailKey: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.emailKey, emailKey)).limit(1);
  return row;
}
