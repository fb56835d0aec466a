import { PlanChangeSchema, PlanQuoteQuerySchema, UserSearchSchema } from '@seyir/domain';
import { countProjectsOwnedBy, findUsersMatching } from '@seyir/db';
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { rateLimit } from '../http/rate-limit.js';
import { currentUser } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { changePlan, describePlan, getUsage, quotePlanChangeFor } from '../services/billing.js';

/**
 * /api/v1/users: search (at least 2 characters, username or e-mail, at most 20 results), and
 * the caller's own plan, plan-change quote and change, and usage (`/users/me/...`).
 */
export function userRoutes(deps: AppDeps): Router {
  const router = Router();
  const perUser = (name: string, points: number) =>
    rateLimit(deps, { name, points, durationSeconds: 60, key: (req) => currentUser(req).id });

  router.get('/search', async (req, res) => {
    const { q } = parseInput(UserSearchSchema, req.query);
    const rows = await findUsersMatching(deps.db, q, 20);
    res.json(rows.map((u) => ({ _id: u.id, id: u.id, username: u.username, email: u.email })));
  });

  router.get('/me/plan', async (req, res) => {
    res.json(await describePlan(deps, currentUser(req)));
  });

  router.get('/me/plan/quote', perUser('plan_quote', 60), async (req, res) => {
    const { plan } = parseInput(PlanQuoteQuerySchema, req.query);
    const user = currentUser(req);
    res.json(await quotePlanChangeFor(deps, user, plan, await countProjectsOwnedBy(deps.db, user.id)));
  });

  router.post('/me/plan', perUser('plan_change', 10), async (req, res) => {
    res.json(await changePlan(deps, currentUser(req), parseInput(PlanChangeSchema, req.body)));
  });

  router.get('/me/usage', async (req, res) => {
    res.json(await getUsage(deps, currentUser(req)));
  });

  return router;
}
