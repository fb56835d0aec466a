import {
  AccountDeleteSchema,
  AUTH_MESSAGES,
  foldTurkish,
  ForgotPasswordSchema,
  LoginSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from '@seyir/domain';
import { Router } from 'express';
import { authenticate } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { presentUser } from '../http/presenters.js';
import { rateLimit } from '../http/rate-limit.js';
import { currentUser } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { requestPasswordReset, resetPassword } from '../services/password-reset.js';
import { changePassword, deleteAccount, loginUser, logoutUser, registerUser, updateProfile } from '../services/accounts.js';

/** /api/v1/auth: register, login (form-encoded), the current user, profile, password, deletion. */
export function authRoutes(deps: AppDeps): Router {
  const router = Router();
  const auth = authenticate(deps);

  router.post('/register', async (req, res) => {
    const user = await registerUser(deps, parseInput(RegisterSchema, req.body));
    res.status(201).json(presentUser(user));
  });

  router.post('/login', async (req, res) => {
    const token = await loginUser(deps, parseInput(LoginSchema, req.body), req.ip ?? 'unknown');
    res.json(token);
  });

  router.get('/me', auth, (req, res) => {
    res.json(presentUser(currentUser(req)));
  });

  router.put('/me', auth, async (req, res) => {
    const user = await updateProfile(deps, currentUser(req), parseInput(ProfileUpdateSchema, req.body));
    res.json(presentUser(user));
  });

  router.delete('/me', auth, async (req, res) => {
    const { password } = parseInput(AccountDeleteSchema, req.body);
    await deleteAccount(deps, currentUser(req), password);
    res.status(204).end();
  });

  router.post('/change-password', auth, async (req, res) => {
    const token = await changePassword(deps, currentUser(req), parseInput(PasswordChangeSchema, req.body));
    res.json({ detail: AUTH_MESSAGES.passwordChanged, ...token });
  });

  // Forgot password: the same 202 whether the address is known or not; per IP and per address limits.
  const forgotPerIp = rateLimit(deps, { name: 'forgot_ip', points: 30, durationSeconds: 3600 });
  const forgotPerEmail = rateLimit(deps, {
    name: 'forgot_email',
    points: 3,
    durationSeconds: 3600,
    key: (req) => foldTurkish(String((req.body as { email?: unknown } | undefined)?.email ?? '').trim()).slice(0, 254),
  });
  router.post('/forgot-password', forgotPerIp, forgotPerEmail, async (req, res) => {
    const input = parseInput(ForgotPasswordSchema, req.body);
    res.status(202).json({ detail: AUTH_MESSAGES.resetRequested });
    void requestPasswordReset(deps, input); // after the answer: its timing tells nothing

  });

  router.post('/reset-password', rateLimit(deps, { name: 'reset_ip', points: 20, durationSeconds: 900 }), async (req, res) => {
    await resetPassword(deps, parseInput(ResetPasswordSchema, req.body));
    res.json({ detail: AUTH_MESSAGES.resetDone });
  });

  router.post('/logout', auth, async (req, res) => {
    await logoutUser(deps, currentUser(req));
    res.status(204).end();
  });

  return router;
}
