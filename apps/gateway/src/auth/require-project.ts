import { AppError, canDo, canSeeProject, SERVER_MESSAGES, type ProjectAction } from '@seyir/domain';
import { getProjectStanding } from '@seyir/db';
import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { contextOf, currentUser, param } from '../http/request-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be a database id (anything else is simply not found). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Guards a project-scoped route: the project in `:projectId` must exist and the caller must
 * belong to it (else 404, so no tenant learns another's project exists) and hold `action`
 * (else 403). Global admins pass everywhere.
 */
export function requireProject(deps: Pick<AppDeps, 'db'>, action: ProjectAction): RequestHandler {
  return async (req, _res, next) => {
    const user = currentUser(req);
    const projectId = param(req, 'projectId');
    if (!isUuid(projectId)) throw new AppError('NOT_FOUND', SERVER_MESSAGES.projectNotFound);
    const row = await getProjectStanding(deps.db, projectId, user.id);
    const standing = { projectId, role: row.role, isOwner: row.isOwner, isGlobalAdmin: user.isAdmin };
    if (!row.exists || !canSeeProject(standing)) throw new AppError('NOT_FOUND', SERVER_MESSAGES.projectNotFound);
    if (!canDo(standing, action)) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
    contextOf(req).standing = standing;
    next();
  };
}
