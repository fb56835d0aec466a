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
  /**
   * Count without making the request wait for Redis (for the hot ingest path): a request goes on
   * at once, its count is added in the background, and a key found at its limit is answered 429
   * from memory until its window ends. The count in Redis stays exact; the answers trail it by
   * one round trip, so a concurrent burst may pass the limit by the requests of that moment, and
   * each further gateway may let one more through.
   */
  countInBackground?: boolean;
}

/** Keys remembered over their limit by a background-counting limiter (oldest forgotten first). */
const MAX_BLOCKED_KEYS = 10_000;

/** Answers 429 with Retry-After past `points` requests per key and window (Redis-backed when distributed). */
export function rateLimit(deps: Pick<AppDeps, 'redis' | 'redisPrefix'>, options: RateLimitOptions): RequestHandler {
  const common = { keyPrefix: `${deps.redisPrefix}rl_${options.name}`, points: options.points, duration: options.durationSeconds };
  // With Redis down, counting falls back to this process's memory instead of failing requests.
  const limiter = deps.redis
    ? new RateLimiterRedis({ storeClient: deps.redis, ...common, insuranceLimiter: new RateLimiterMemory(common) })
    : new RateLimiterMemory(common);
  const keyOf = (req: Parameters<RequestHandler>[0]) => options.key?.(req) ?? req.ip ?? 'unknown';
  const tooMany = (msBeforeNext: number) =>
    new AppError('RATE_LIMITED', options.detail ?? SERVER_MESSAGES.rateLimited, { retryAfterSeconds: msBeforeNext / 1000 });

  if (options.countInBackground) {
    const blockedUntil = new Map<string, number>();
    const block = (key: string, res: RateLimiterRes) => {
      if (!blockedUntil.has(key) && blockedUntil.size >= MAX_BLOCKED_KEYS) blockedUntil.delete(blockedUntil.keys().next().value as string);
      blockedUntil.set(key, Date.now() + res.msBeforeNext);
    };
    return (req, _res, next) => {
      const key = keyOf(req);
      const until = blockedUntil.get(key);
      if (until !== undefined) {
        if (until > Date.now()) throw tooMany(until - Date.now());
        blockedUntil.delete(key);
      }
      limiter.consume(key).then(
        // The request that took the last point: the next one is over the limit.
        (res) => res.remainingPoints <= 0 && block(key, res),
        // Anything but a rejection (a Redis error the insurance limiter did not take) lets requests be.
        (rejection: unknown) => rejection instanceof RateLimiterRes && block(key, rejection),
      );
      next();
    };
  }
  return async (req, _res, next) => {
    try {
      await limiter.consume(keyOf(req));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw tooMany(rejection.msBeforeNext);
      throw rejection;
    }
    next();
  };
}
