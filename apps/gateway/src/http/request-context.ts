import type { ProjectStanding } from '@seyir/domain';
import type { UserRow } from '@seyir/db';
import { AppError, SERVER_MESSAGES } from '@seyir/domain';
import type { Request } from 'express';

/** What the auth and access middlewares attach to a request. */
export interface RequestContext {
  user?: UserRow;
  standing?: ProjectStanding & { projectId: string };
}

const contexts = new WeakMap<Request, RequestContext>();

export function contextOf(req: Request): RequestContext {
  let ctx = contexts.get(req);
  if (!ctx) {
    ctx = {};
    contexts.set(req, ctx);
  }
  return ctx;
}

/** The signed-in user; only call behind `authenticate`. */
export function currentUser(req: Request): UserRow {
  const user = contextOf(req).user;
  if (!user) throw new AppError('UNAUTHENTICATED', SERVER_MESSAGES.unauthenticated);
  return user;
}

/** The project standing set by `requireProject`. */
export function currentStanding(req: Request): ProjectStanding & { projectId: string } {
  const standing = contextOf(req).standing;
  if (!standing) throw new AppError('NOT_FOUND', SERVER_MESSAGES.projectNotFound);
  return standing;
}

/** A path parameter as a string (Express 5 types allow arrays for wildcards). */
export function param(req: Request, name: string): string {
  const value = req.params[name];
  return Array.isArray(value) ? value.join('/') : String(value ?? '');
}
