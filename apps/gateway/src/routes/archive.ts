import { ARCHIVE_MESSAGES, ArchiveConfigInputSchema } from '@seyir/domain';
import { Router } from 'express';
import { requireProject } from '../auth/require-project.js';
import type { AppDeps } from '../deps.js';
import { rateLimit } from '../http/rate-limit.js';
import { currentUser, param } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { getArchiveSettings, removeArchiveSettings, saveArchiveSettings, testArchiveSettings } from '../services/archive-settings.js';

/**
 * /api/v1/projects/{id}/archive: where expired logs are archived before deletion (project
 * admins). GET shows the settings without the secret; PUT proves and saves them; POST /test
 * proves the stored ones; DELETE removes them (expired logs are then deleted unarchived).
 */
export function archiveRoutes(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  const guard = requireProject(deps, 'archive:manage');
  // Saving and testing reach out to the store: a few per minute per user.
  const outbound = rateLimit(deps, { name: 'archive_test', points: 10, durationSeconds: 60, key: (req) => currentUser(req).id });

  router.get('/', guard, async (req, res) => {
    res.json(await getArchiveSettings(deps, param(req, 'projectId')));
  });

  router.put('/', guard, outbound, async (req, res) => {
    res.json(await saveArchiveSettings(deps, param(req, 'projectId'), parseInput(ArchiveConfigInputSchema, req.body)));
  });

  router.post('/test', guard, outbound, async (req, res) => {
    await testArchiveSettings(deps, param(req, 'projectId'));
    res.json({ detail: ARCHIVE_MESSAGES.testOk });
  });

  router.delete('/', guard, async (req, res) => {
    await removeArchiveSettings(deps, param(req, 'projectId'));
    res.status(204).end();
  });

  return router;
}
