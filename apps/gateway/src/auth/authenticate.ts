import { AppError, SERVER_MESSAGES } from '@seyir/domain';
import { getUserById } from '@seyir/db';
import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import { contextOf } from '../http/request-context.js';

/** The bearer token of a request, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Requires a valid access token whose user still exists and whose version is current
 * (logout, password change and deletion raise it). Anything else is a Turkish 401.
 * A request that passed it once is not looked up again: routers mounted on overlapping paths
 * (`/projects` and `/projects/:projectId/logs`) each run it, and the second lookup was a
 * wasted database round trip on every project route.
 */
export function authenticate(deps: Pick<AppDeps, 'db' | 'tokens'>): RequestHandler {
  return async (req, _res, next) => {
    if (contextOf(req).user) return next();
    const token = bearerToken(req.headers.authorization);
    if (!token) throw new AppError('UNAUTHENTICATED', SERVER_MESSAGES.unauthenticated);
    const claims = deps.tokens.verify(token);
    if (!claims || !/^[0-9a-f-]{36}$/i.test(claims.sub)) throw new AppError('UNAUTHENTICATED', SERVER_MESSAGES.sessionExpired);
    const user = await getUserById(deps.db, claims.sub);
    if (!user || user.tokenVersion !== claims.ver) throw new AppError('UNAUTHENTICATED', SERVER_MESSAGES.sessionExpired);
    contextOf(req).user = user;
    next();
  };
}
