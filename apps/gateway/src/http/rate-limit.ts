import { AppError, SERVER_MESSAGES } from '@seyir/domain';
import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDeps } from '../deps.js';

export interface RateLimitOptions {
  /** Counter namespace. */
  name: string;
  /** Requests allowed per key in the window. */
  points: number;
  durationSeconds: number;
  /** Key of a request; default the client IP. */
  key?: (req: Parameters<RequestHandler>[0]) => string;
  /** Turkish detail of the 429; default the generic one. */
  detail?: string;
}

/** Answers 429 with Retry-After past `points` requests per key and window (Redis-backed when distributed). */
export function rateLimit(deps: Pick<AppDeps, 'redis' | 'redisPrefix'>, options: RateLimitOptions): RequestHandler {
  const common = { keyPrefix: `${deps.redisPrefix}rl_${options.name}`, points: options.points, duration: options.durationSeconds };
  // With Redis down, counting falls back to this process's memory instead of failing requests.
  const limiter = deps.redis
    ? new RateLimiterRedis({ storeClient: deps.redis, ...common, insuranceLimiter: new RateLimiterMemory(common) })
    : new RateLimiterMemory(common);
  return async (req, _res, next) => {
    try {
      await limiter.consume(options.key?.(req) ?? req.ip ?? 'unknown');
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new AppError('RATE_LIMITED', options.detail ?? SERVER_MESSAGES.rateLimited, { retryAfterSeconds: rejection.msBeforeNext / 1000 });
      }
      throw rejection;
    }
    next();
  };
}
