import {
  AppError,
  GroupDetailQuerySchema,
  GroupListQuerySchema,
  GroupLogsQuerySchema,
  GroupNoteCreateSchema,
  GroupStatusUpdateSchema,
  GroupSummaryQuerySchema,
  READ_MESSAGES,
} from '@seyir/domain';
import { Router, type Request } from 'express';
import { isUuid, requireProject } from '../auth/require-project.js';
import type { AppDeps } from '../deps.js';
import { currentUser, param } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import {
  addNote,
  findGroupLogPage,
  findGroupPage,
  findNotes,
  getGroupDetail,
  getGroupsSummary,
  removeGroup,
  setGroupStatus,
} from '../services/groups.js';
import { getIngestHealth, reprocessGroup } from '../services/group-maintenance.js';

/**
 * /api/v1/projects/:projectId/groups: members read; editors set status and write notes;
 * editors reprocess; admins delete. The static paths (`summary`, `health`) come before `:groupId`.
 */
export function groupRoutes(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  const read = requireProject(deps, 'logs:read');
  const groupId = (req: Request) => {
    const id = param(req, 'groupId');
    if (!isUuid(id)) throw new AppError('NOT_FOUND', READ_MESSAGES.groupNotFound);
    return id;
  };

  router.get('/', read, async (req, res) => {
    res.json(await findGroupPage(deps, param(req, 'projectId'), parseInput(GroupListQuerySchema, req.query)));
  });

  router.get('/summary', read, async (req, res) => {
    res.json(await getGroupsSummary(deps, param(req, 'projectId'), parseInput(GroupSummaryQuerySchema, req.query)));
  });

  // The ingest pipeline that feeds the groups: every member may see why logs are late. The
  // figures are the deployment's (one queue for all projects), counts only, no other tenant's data.
  router.get('/health', requireProject(deps, 'project:read'), async (_req, res) => {
    res.json(await getIngestHealth(deps));
  });

  router.get('/:groupId', read, async (req, res) => {
    res.json(await getGroupDetail(deps, param(req, 'projectId'), groupId(req), parseInput(GroupDetailQuerySchema, req.query)));
  });

  router.patch('/:groupId', requireProject(deps, 'groups:write'), async (req, res) => {
    res.json(await setGroupStatus(deps, param(req, 'projectId'), groupId(req), parseInput(GroupStatusUpdateSchema, req.body)));
  });

  router.delete('/:groupId', requireProject(deps, 'project:update'), async (req, res) => {
    await removeGroup(deps, param(req, 'projectId'), groupId(req));
    res.status(204).end();
  });

  // Rebuilding counters is a write: editors and up, as status changes.
  router.post('/:groupId/reprocess', requireProject(deps, 'groups:write'), async (req, res) => {
    res.json(await reprocessGroup(deps, param(req, 'projectId'), groupId(req)));
  });

  router.get('/:groupId/logs', read, async (req, res) => {
    res.json(await findGroupLogPage(deps, param(req, 'projectId'), groupId(req), parseInput(GroupLogsQuerySchema, req.query)));
  });

  router.get('/:groupId/notes', read, async (req, res) => {
    res.json(await findNotes(deps, param(req, 'projectId'), groupId(req)));
  });

  router.post('/:groupId/notes', requireProject(deps, 'notes:write'), async (req, res) => {
    const { text } = parseInput(GroupNoteCreateSchema, req.body);
    res.status(201).json(await addNote(deps, { projectId: param(req, 'projectId'), groupId: groupId(req), authorId: currentUser(req).id, text }));
  });

  return router;
}
