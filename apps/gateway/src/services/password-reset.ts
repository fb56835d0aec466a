import { createHash, randomBytes } from 'node:crypto';
import { AppError, AUTH_MESSAGES, foldTurkish, passwordResetEmail, RESET_TOKEN_TTL_MS, type ForgotPasswordInput, type ResetPasswordInput } from '@seyir/domain';
import { createPasswordResetToken, getUserByEmailKey, resetPasswordWithToken } from '@seyir/db';
import { hashPassword } from '../auth/passwords.js';
import type { AppDeps } from '../deps.js';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'logger' | 'publicUrl' | 'now'> & Partial<Pick<AppDeps, 'live'>>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Carries out a reset request: for a known e-mail, stores the hash of a fresh single-use token
 * valid for an hour and mails the link; for an unknown one, nothing. The route answers before
 * calling this, so neither the answer nor its timing tells whether the address has an account.
 * Never rejects: failures are logged.
 */
export async function requestPasswordReset(deps: Deps, input: ForgotPasswordInput): Promise<void> {
  try {
    await sendResetLink(deps, input);
  } catch (error) {
    deps.logger.error({ err: error }, 'password reset e-mail could not be sent');
  }
}

async function sendResetLink(deps: Deps, input: ForgotPasswordInput): Promise<void> {
  const user = await getUserByEmailKey(deps.db, foldTurkish(input.email.trim()));
  if (!user) return;
  if (!deps.mailer.enabled) {
    deps.logger.warn({ userId: user.id }, 'password reset requested but e-mail is not configured (SMTP_URL / SMTP_HOST)');
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await createPasswordResetToken(deps.db, { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS), now });
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/reset-password?token=${token}`;
  await deps.mailer.send({ to: user.email, ...passwordResetEmail({ username: user.firstName || user.username, link }) });
}

/** Sets the new password with a mailed token: once, within the hour; every session ends. */
export async function resetPassword(deps: Deps, input: ResetPasswordInput): Promise<void> {
  const user = await resetPasswordWithToken(deps.db, { tokenHash: hashToken(input.token), passwordHash: await hashPassword(input.newPassword), now: deps.now() });
  if (!user) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetTokenInvalid, { fields: { token: AUTH_MESSAGES.resetTokenInvalid } });
  await deps.live?.endSessions(user.id);
}
