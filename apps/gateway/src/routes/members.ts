import { AppError, MemberAddSchema, MemberRoleSchema, SERVER_MESSAGES, TEAM_MESSAGES } from '@seyir/domain';
import { addMember, findMembers, getUserById, removeMember, updateMemberRole } from '@seyir/db';
import { Router, type Request, type Response } from 'express';
import { isUuid, requireProject } from '../auth/require-project.js';
import type { AppDeps } from '../deps.js';
import { presentMember } from '../http/presenters.js';
import { param } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';

/** /api/v1/projects/:projectId/members: members read the team; admins add, re-role and remove. */
export function memberRoutes(deps: AppDeps): Router {
  const router = Router({ mergeParams: true });
  const manage = requireProject(deps, 'members:manage');
  const answerTeam = async (req: Request, res: Response, status = 200) => {
    const members = await findMembers(deps.db, param(req, 'projectId'));
    res.status(status).json(members.map(presentMember));
  };
  const targetId = (req: Request) => {
    const id = param(req, 'userId');
    if (!isUuid(id)) throw new AppError('NOT_FOUND', SERVER_MESSAGES.memberNotFound);
    return id;
  };

  router.get('/', requireProject(deps, 'project:read'), (req, res) => answerTeam(req, res));

  router.post('/', manage, async (req, res) => {
    const input = parseInput(MemberAddSchema, req.body);
    const user = isUuid(input.user_id) ? await getUserById(deps.db, input.user_id) : undefined;
    if (!user) throw new AppError('NOT_FOUND', TEAM_MESSAGES.userNotFound);
    if (!(await addMember(deps.db, param(req, 'projectId'), user.id, input.role))) {
      throw new AppError('CONFLICT', SERVER_MESSAGES.memberExists);
    }
    await answerTeam(req, res, 201);
  });

  router.put('/:userId', manage, async (req, res) => {
    const { role } = parseInput(MemberRoleSchema, req.body);
    const outcome = await updateMemberRole(deps.db, param(req, 'projectId'), targetId(req), role);
    if (outcome === 'absent') throw new AppError('NOT_FOUND', SERVER_MESSAGES.memberNotFound);
    if (outcome === 'owner') throw new AppError('CONFLICT', SERVER_MESSAGES.ownerCannotBeRemoved);
    await answerTeam(req, res);
  });

  router.delete('/:userId', manage, async (req, res) => {
    const outcome = await removeMember(deps.db, param(req, 'projectId'), targetId(req));
    if (outcome === 'absent') throw new AppError('NOT_FOUND', SERVER_MESSAGES.memberNotFound);
    if (outcome === 'owner') throw new AppError('CONFLICT', SERVER_MESSAGES.ownerCannotBeRemoved);
    await deps.live?.evictFromProject(param(req, 'projectId'), targetId(req));
    res.status(204).end();
  });

  return router;
}
