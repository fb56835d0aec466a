import { AppError, foldTurkish, SERVER_MESSAGES } from '@seyir/domain';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';

export interface LoginThrottleOptions {
  /** Failed logins allowed per account in the window. Default 10. */
  perAccount?: number;
  /** Failed logins allowed per IP address in the window. Default 50. */
  perIp?: number;
  /** Prefix of the Redis keys. Default `seyir:`. */
  keyPrefix?: string;
  /** Window and block length in seconds. Default 900 (15 minutes). */
  windowSeconds?: number;
}

export interface LoginThrottle {
  /** Throws 429 with Retry-After when the account or the IP is blocked. */
  check(login: string, ip: string): Promise<void>;
  recordFailure(login: string, ip: string): Promise<void>;
  recordSuccess(login: string): Promise<void>;
}

/**
 * Throttles repeated failed logins per account and per IP (brute force and credential
 * stuffing). Counters live in Redis in distributed mode so every gateway shares them.
 */
export function createLoginThrottle(redis: Redis | undefined, options: LoginThrottleOptions = {}): LoginThrottle {
  const duration = options.windowSeconds ?? 900;
  const prefix = options.keyPrefix ?? 'seyir:';
  const make = (name: string, points: number): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}${name}`,
          points,
          duration,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
        })
      : new RateLimiterMemory({ keyPrefix: name, points, duration });
  const perAccount = make('login_fail_account', options.perAccount ?? 10);
  const perIp = make('login_fail_ip', options.perIp ?? 50);
  const accountKey = (login: string) => foldTurkish(login.trim()).slice(0, 254);

  return {
    async check(login, ip) {
      const [account, address] = await Promise.all([perAccount.get(accountKey(login)), perIp.get(ip)]);
      const blocked = [account, address].filter(
        (r): r is RateLimiterRes => r !== null && r.remainingPoints <= 0 && r.msBeforeNext > 0,
      );
      if (blocked.length > 0) {
        const wait = Math.max(...blocked.map((r) => r.msBeforeNext)) / 1000;
        throw new AppError('RATE_LIMITED', SERVER_MESSAGES.tooManyLoginAttempts, { retryAfterSeconds: wait });
      }
    },
    async recordFailure(login, ip) {
      await Promise.all([perAccount.penalty(accountKey(login), 1), perIp.penalty(ip, 1)]);
    },
    async recordSuccess(login) {
      await perAccount.delete(accountKey(login));
    },
  };
}
