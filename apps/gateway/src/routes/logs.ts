import { AppError, LogFilterQuerySchema, LogListQuerySchema, READ_MESSAGES } from '@seyir/domain';
import { Router } from 'express';
import { isUuid, requireProject } from '../auth/require-project.js';
import type { AppDeps } from '../deps.js';
import { param } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { findLogFields, findLogPage, getLogDetail, getLogStats } from '../services/logs.js';

/**
 * /api/v1/projects/:projectId/logs: every member reads. `stats/summary` and `fields` are
 * registered before `:logId` so they are not taken for an id.
 */
export function logRoutes(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  const read = requireProject(deps, 'logs:read');

  router.get('/', read, async (req, res) => {
    res.json(await findLogPage(deps, param(req, 'projectId'), parseInput(LogListQuerySchema, req.query)));
  });

  router.get('/stats/summary', read, async (req, res) => {
    res.json(await getLogStats(deps, param(req, 'projectId'), parseInput(LogFilterQuerySchema, req.query)));
  });

  router.get('/fields', read, async (req, res) => {
    res.json(await findLogFields(deps, param(req, 'projectId')));
  });

  router.get('/:logId', read, async (req, res) => {
    const logId = param(req, 'logId');
    if (!isUuid(logId)) throw new AppError('NOT_FOUND', READ_MESSAGES.logNotFound);
    res.json(await getLogDetail(deps, param(req, 'projectId'), logId));
  });

  return router;
}
