import { z } from 'zod';
import { EMAIL_PATTERN } from '../text/email.js';
import { optionalString, requiredString } from '../text/required-string.js';
import { AUTH_MESSAGES as M } from './messages.js';

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 8;

const username = requiredString(M.usernameRequired, { length: 50, message: M.usernameMax })
  .min(USERNAME_MIN, { error: M.usernameMin })
  .regex(/^[\p{L}\p{N}._-]+$/u, { error: M.usernameChars });

const email = requiredString(M.emailRequired, { length: 254, message: M.emailMax }).regex(EMAIL_PATTERN, {
  error: M.emailInvalid,
});

const name = optionalString({ length: 100, message: M.nameMax });

const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage })
    .min(PASSWORD_MIN, { error: M.passwordMin })
    .max(256, { error: M.passwordMax });

/** POST /api/v1/auth/register (§3 Registration payload, §5 Register rules). */
export const RegisterSchema = z
  .object({
    username,
    email,
    first_name: name,
    last_name: name,
    password: newPassword(M.passwordRequired),
    passwordConfirm: z.string({ error: M.passwordConfirmRequired }).min(1, { error: M.passwordConfirmRequired }),
    terms: z.literal(true, { error: M.termsRequired }),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], error: M.passwordsDiffer });
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** POST /api/v1/auth/login, form-encoded (§3 Login payload). `username` may be the e-mail. */
export const LoginSchema = z.object({
  username: requiredString(M.usernameRequired, { length: 254, message: M.emailMax }),
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired }).max(256, { error: M.passwordMax }),
  /** Keeps the session for 30 days instead of 1 day. Accepts form values 'true'/'on'/'1'. */
  remember_me: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === 'true' || v === 'on' || v === '1'),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** POST /api/v1/auth/forgot-password: the answer is the same whether the e-mail is known or not. */
export const ForgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** A reset token as mailed: 32 random bytes, base64url (43 characters). */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/v1/auth/reset-password: the mailed token and the new password (§5 rules). */
export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: M.resetTokenInvalid }).regex(RESET_TOKEN_PATTERN, { error: M.resetTokenInvalid }),
    newPassword: newPassword(M.newPasswordRequired),
    passwordConfirm: z.string({ error: M.passwordConfirmRequired }).min(1, { error: M.passwordConfirmRequired }),
  })
  .refine((v) => v.newPassword === v.passwordConfirm, { path: ['passwordConfirm'], error: M.passwordsDiffer });
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** PUT /api/v1/auth/me (§5 Profile). */
export const ProfileUpdateSchema = z.object({ username, email, first_name: name, last_name: name });
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateSchema>;

/** POST /api/v1/auth/change-password (§3 Password change form, §5). */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string({ error: M.currentPasswordRequired }).min(1, { error: M.currentPasswordRequired }).max(256),
    newPassword: newPassword(M.newPasswordRequired),
    passwordConfirm: z.string({ error: M.passwordsDiffer }),
  })
  .refine((v) => v.newPassword === v.passwordConfirm, { path: ['passwordConfirm'], error: M.passwordsDiffer });
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>;

/** DELETE /api/v1/auth/me: the password confirms that the owner of the session asks. */
export const AccountDeleteSchema = z.object({
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired }).max(256),
});

/** The §3 User as the API answers it (both `_id` and `id`). */
export const UserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
