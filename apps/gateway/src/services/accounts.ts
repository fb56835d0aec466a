import {
  AppError,
  SERVER_MESSAGES,
  type LoginInput,
  type PasswordChangeInput,
  type ProfileUpdateInput,
  type RegisterInput,
} from '@seyir/domain';
import {
  createUser,
  deleteUserAccount,
  getUserByLogin,
  revokeUserTokens,
  updateUserPassword,
  updateUserProfile,
  type UserRow,
} from '@seyir/db';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { AppDeps } from '../deps.js';

type Deps = Pick<AppDeps, 'db' | 'tokens' | 'loginThrottle'> & Partial<Pick<AppDeps, 'live'>>;

function conflict(which: 'username' | 'email'): AppError {
  const detail = which === 'username' ? SERVER_MESSAGES.usernameTaken : SERVER_MESSAGES.emailTaken;
  return new AppError('CONFLICT', detail, { fields: { [which]: detail } });
}

export async function registerUser(deps: Deps, input: RegisterInput): Promise<UserRow> {
  const result = await createUser(deps.db, {
    username: input.username,
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    passwordHash: await hashPassword(input.password),
  });
  if (!result.ok) throw conflict(result.conflict);
  return result.user;
}

export interface IssuedToken {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
}

function issueToken(deps: Deps, user: UserRow, remember: boolean): IssuedToken {
  const { token, expiresIn } = deps.tokens.issue({ sub: user.id, ver: user.tokenVersion }, remember);
  return { access_token: token, token_type: 'bearer', expires_in: expiresIn };
}

/** Logs in by username or e-mail; failures are throttled per account and per IP. */
export async function loginUser(deps: Deps, input: LoginInput, ip: string): Promise<IssuedToken> {
  await deps.loginThrottle.check(input.username, ip);
  const user = await getUserByLogin(deps.db, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await deps.loginThrottle.recordFailure(input.username, ip);
    throw new AppError('INVALID_CREDENTIALS', SERVER_MESSAGES.invalidCredentials);
  }
  await deps.loginThrottle.recordSuccess(input.username);
  return issueToken(deps, user, input.remember_me);
}

/** Ends every session of the user (all devices), the current one included. */
export async function logoutUser(deps: Deps, user: UserRow): Promise<void> {
  await revokeUserTokens(deps.db, user.id);
  await deps.live?.endSessions(user.id);
}

export async function updateProfile(deps: Deps, user: UserRow, input: ProfileUpdateInput): Promise<UserRow> {
  const result = await updateUserProfile(deps.db, user.id, {
    username: input.username,
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
  });
  if (!result.ok) throw conflict(result.conflict);
  return result.user;
}

/** Changes the password after checking the current one; ends old sessions and issues a new token. */
export async function changePassword(deps: Deps, user: UserRow, input: PasswordChangeInput): Promise<IssuedToken> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', SERVER_MESSAGES.wrongCurrentPassword, {
      fields: { currentPassword: SERVER_MESSAGES.wrongCurrentPassword },
    });
  }
  const updated = await updateUserPassword(deps.db, user.id, await hashPassword(input.newPassword));
  if (!updated) throw new AppError('UNAUTHENTICATED', SERVER_MESSAGES.sessionExpired);
  // Live connections of the old tokens close; this device reconnects with the fresh token.
  await deps.live?.endSessions(user.id);
  return issueToken(deps, updated, false);
}

/** Deletes the account after the password confirms it (see deleteUserAccount for projects). */
export async function deleteAccount(deps: Deps, user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('VALIDATION_FAILED', SERVER_MESSAGES.wrongCurrentPassword, {
      fields: { password: SERVER_MESSAGES.wrongCurrentPassword },
    });
  }
  await deleteUserAccount(deps.db, user.id);
  await deps.live?.endSessions(user.id);
}
