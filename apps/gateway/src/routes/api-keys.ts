import { ApiKeyCreateSchema, AppError, SERVER_MESSAGES } from '@seyir/domain';
import { createApiKey, deleteApiKey, findApiKeys, setApiKeyActive } from '@seyir/db';
import { Router } from 'express';
import { isUuid, requireProject } from '../auth/require-project.js';
import type { AppDeps } from '../deps.js';
import { presentApiKey } from '../http/presenters.js';
import { currentUser, param } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { newApiKeyRecord } from '../services/api-keys.js';

/**
 * /api/v1/projects/:projectId/api-keys: every member sees the masked list; admins create,
 * (de)activate and delete. The full key is answered once, by create.
 */
export function apiKeyRoutes(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  const manage = requireProject(deps, 'apiKeys:manage');
  const keyId = (req: Parameters<typeof param>[0]) => {
    const id = param(req, 'keyId');
    if (!isUuid(id)) throw new AppError('NOT_FOUND', SERVER_MESSAGES.apiKeyNotFound);
    return id;
  };

  router.get('/', requireProject(deps, 'project:read'), async (req, res) => {
    const rows = await findApiKeys(deps.db, param(req, 'projectId'));
    res.json(rows.map((row) => presentApiKey(row)));
  });

  router.post('/', manage, async (req, res) => {
    const { name } = parseInput(ApiKeyCreateSchema, req.body);
    const record = newApiKeyRecord();
    const row = await createApiKey(deps.db, {
      projectId: param(req, 'projectId'),
      name,
      keyHash: record.keyHash,
      keyPrefix: record.keyPrefix,
      keyLast4: record.keyLast4,
      createdBy: currentUser(req).id,
    });
    res.status(201).json(presentApiKey(row, record.key));
  });

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    router.put(`/:keyId/${action}`, manage, async (req, res) => {
      const row = await setApiKeyActive(deps.db, param(req, 'projectId'), keyId(req), active);
      if (!row) throw new AppError('NOT_FOUND', SERVER_MESSAGES.apiKeyNotFound);
      res.json(presentApiKey(row));
    });
  }

  router.delete('/:keyId', manage, async (req, res) => {
    if (!(await deleteApiKey(deps.db, param(req, 'projectId'), keyId(req)))) throw new AppError('NOT_FOUND', SERVER_MESSAGES.apiKeyNotFound);
    res.status(204).end();
  });

  return router;
}
