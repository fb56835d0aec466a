import { UserSearchSchema } from '@seyir/domain';
import { findUsersMatching } from '@seyir/db';
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { parseInput } from '../http/validate.js';

/** /api/v1/users/search?q=: at least 2 characters, username or e-mail, at most 20 results. */
export function userRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/search', async (req, res) => {
    const { q } = parseInput(UserSearchSchema, req.query);
    const rows = await findUsersMatching(deps.db, q, 20);
    res.json(rows.map((u) => ({ _id: u.id, id: u.id, username: u.username, email: u.email })));
  });
  return router;
}
