import { AppError, BILLING_MESSAGES, ProjectCreateSchema, ProjectUpdateSchema, SERVER_MESSAGES } from '@seyir/domain';
import { createProjectWithinLimit, deleteProject, findProjectsOfUser, getProject, updateProject } from '@seyir/db';
import { Router } from 'express';
import { requireProject } from '../auth/require-project.js';
import type { AppDeps } from '../deps.js';
import { presentProject } from '../http/presenters.js';
import { currentUser, param } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { planOf } from '../services/billing.js';

/** /api/v1/projects: the caller's projects; one project by id for its members. */
export function projectRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const user = currentUser(req);
    const rows = await findProjectsOfUser(deps.db, user.id);
    res.json(rows.map((row) => presentProject(row, user.id)));
  });

  router.post('/', async (req, res) => {
    const user = currentUser(req);
    const input = parseInput(ProjectCreateSchema, req.body);
    // The plan's project count (§9); the instance's global admins (its operators) have none.
    const plan = planOf(deps, user.plan);
    const limited = deps.enforcePlanLimits && !user.isAdmin;
    const created = await createProjectWithinLimit(deps.db, { ...input, ownerId: user.id }, limited ? plan.maxProjects : null);
    if (!created.ok) throw new AppError('PLAN_LIMIT', BILLING_MESSAGES.projectLimitReached(plan.maxProjects ?? 0, plan.name));
    const row = await getProject(deps.db, created.project.id);
    res.status(201).json(presentProject(row!, user.id));
  });

  router.get('/:projectId', requireProject(deps, 'project:read'), async (req, res) => {
    const row = await getProject(deps.db, param(req, 'projectId'));
    if (!row) throw new AppError('NOT_FOUND', SERVER_MESSAGES.projectNotFound);
    res.json(presentProject(row, currentUser(req).id));
  });

  router.put('/:projectId', requireProject(deps, 'project:update'), async (req, res) => {
    const input = parseInput(ProjectUpdateSchema, req.body);
    await updateProject(deps.db, param(req, 'projectId'), input);
    const row = await getProject(deps.db, param(req, 'projectId'));
    if (!row) throw new AppError('NOT_FOUND', SERVER_MESSAGES.projectNotFound);
    res.json(presentProject(row, currentUser(req).id));
  });

  router.delete('/:projectId', requireProject(deps, 'project:delete'), async (req, res) => {
    if (!(await deleteProject(deps.db, param(req, 'projectId')))) throw new AppError('NOT_FOUND', SERVER_MESSAGES.projectNotFound);
    res.status(204).end();
  });

  return router;
}
