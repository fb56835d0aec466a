import { PerfRouteDetailQuerySchema, PerfRoutesQuerySchema, PerfSummaryQuerySchema } from '@seyir/domain';
import { Router } from 'express';
import { requireProject } from '../auth/require-project.js';
import type { AppDeps } from '../deps.js';
import { param } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { getPerfRouteDetail, getPerfSummary, listPerfRoutes } from '../services/performance.js';

/** /api/v1/projects/:projectId/performance: every member reads (the same right as logs). */
export function performanceRoutes(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  const read = requireProject(deps, 'logs:read');

  router.get('/summary', read, async (req, res) => {
    res.json(await getPerfSummary(deps, param(req, 'projectId'), parseInput(PerfSummaryQuerySchema, req.query)));
  });

  router.get('/routes', read, async (req, res) => {
    res.json(await listPerfRoutes(deps, param(req, 'projectId'), parseInput(PerfRoutesQuerySchema, req.query)));
  });

  router.get('/routes/:routeId', read, async (req, res) => {
    res.json(await getPerfRouteDetail(deps, param(req, 'projectId'), param(req, 'routeId'), parseInput(PerfRouteDetailQuerySchema, req.query)));
  });

  return router;
}
