import { ActivityQuerySchema, DistributionQuerySchema, RecentLogsQuerySchema } from '@seyir/domain';
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { currentUser } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { findActivity, findDistribution, findRecent, getDashboardStats } from '../services/dashboard.js';

/** /api/v1/dashboard: figures across every project the caller is a member of. */
export function dashboardRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/stats', async (req, res) => {
    res.json(await getDashboardStats(deps, currentUser(req).id));
  });

  router.get('/logs/activity', async (req, res) => {
    const { days } = parseInput(ActivityQuerySchema, req.query);
    res.json(await findActivity(deps, currentUser(req).id, days));
  });

  router.get('/logs/distribution', async (req, res) => {
    const { days } = parseInput(DistributionQuerySchema, req.query);
    res.json(await findDistribution(deps, currentUser(req).id, days));
  });

  router.get('/logs/recent', async (req, res) => {
    const { limit } = parseInput(RecentLogsQuerySchema, req.query);
    res.json(await findRecent(deps, currentUser(req).id, limit));
  });

  return router;
}
