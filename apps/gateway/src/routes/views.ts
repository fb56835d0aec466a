import { AppError, SavedViewInputSchema, VIEW_MESSAGES } from '@seyir/domain';
import { Router, type Request } from 'express';
import { isUuid, requireProject } from '../auth/require-project.js';
import type { AppDeps } from '../deps.js';
import { currentUser, param } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { addView, changeView, listViews, removeView } from '../services/views.js';

/** /api/v1/projects/:projectId/views: saved log views. Every member reads; editors write. */
export function viewRoutes(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  const write = requireProject(deps, 'views:write');
  const viewId = (req: Request) => {
    const id = param(req, 'viewId');
    if (!isUuid(id)) throw new AppError('NOT_FOUND', VIEW_MESSAGES.notFound);
    return id;
  };

  router.get('/', requireProject(deps, 'logs:read'), async (req, res) => {
    res.json(await listViews(deps, param(req, 'projectId')));
  });

  router.post('/', write, async (req, res) => {
    res.status(201).json(await addView(deps, param(req, 'projectId'), currentUser(req).id, parseInput(SavedViewInputSchema, req.body)));
  });

  router.put('/:viewId', write, async (req, res) => {
    const id = viewId(req);
    res.json(await changeView(deps, param(req, 'projectId'), id, parseInput(SavedViewInputSchema, req.body)));
  });

  router.delete('/:viewId', write, async (req, res) => {
    await removeView(deps, param(req, 'projectId'), viewId(req));
    res.status(204).end();
  });

  return router;
}
