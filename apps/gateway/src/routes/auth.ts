import {
  AccountDeleteSchema,
  AUTH_MESSAGES,
  LoginSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  RegisterSchema,
} from '@seyir/domain';
import { Router } from 'express';
import { authenticate } from '../auth/authenticate.js';
import type { AppDeps } from '../deps.js';
import { presentUser } from '../http/presenters.js';
import { currentUser } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
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

  router.post('/logout', auth, async (req, res) => {
    await logoutUser(deps, currentUser(req));
    res.status(204).end();
  });

  return router;
}
