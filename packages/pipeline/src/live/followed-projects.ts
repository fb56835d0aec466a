import type { Redis } from 'ioredis';

/**
 * Which projects someone follows live, shared through Redis so that a worker builds and
 * publishes a project's frames only while some gateway has a subscriber of it. Every gateway
 * hears every frame, so without this each stored log of a project nobody watches still cost a
 * frame built and sent by the worker and a message decoded by every gateway.
 *
 * A gateway marks a project when a connection joins it (before the join is acknowledged) and
 * marks every project it serves again every `FOLLOW_REFRESH_MS`; a mark lives `FOLLOW_TTL_MS`,
 * so a project no gateway serves any more stops being marked without any clean-up.
 */
export const FOLLOW_TTL_MS = 30_000;
export const FOLLOW_REFRESH_MS = 5_000;
/** How long a worker trusts a "followed" answer before asking Redis again. */
export const FOLLOWED_CACHE_MS = 2_000;

export function followedKey(redisPrefix: string, projectId: string): string {
  return `${redisPrefix}live:followed:${projectId}`;
}

/** The gateway's side: marks projects as followed. */
export function createFollowMarker(redis: Redis, redisPrefix: string) {
  return {
    async mark(projectIds: Iterable<string>): Promise<void> {
      const batch = redis.pipeline();
      let count = 0;
      for (const id of projectIds) {
        batch.set(followedKey(redisPrefix, id), '1', 'PX', FOLLOW_TTL_MS);
        count++;
      }
      if (count > 0) await batch.exec();
    },
  };
}

/**
 * The worker's side: whether a project has followers. A "followed" answer is kept for
 * `FOLLOWED_CACHE_MS` (a frame too many after the last follower left costs little); "not
 * followed" is asked again every time, so a frame is never skipped for a follower whose mark
 * was set before the batch was committed: the check runs after the commit, and a gateway
 * acknowledges a join only once its mark is in Redis. Without Redis the answer is "followed":
 * a frame built for nobody is cheaper than one a follower misses.
 */
export function createFollowCheck(redis: Pick<Redis, 'exists'>, redisPrefix: string, clock: () => number = Date.now) {
  const followedUntil = new Map<string, number>();
  return async (projectId: string): Promise<boolean> => {
    const now = clock();
    if ((followedUntil.get(projectId) ?? 0) > now) return true;
    let followed: boolean;
    try {
      followed = (await redis.exists(followedKey(redisPrefix, projectId))) > 0;
    } catch {
      return true;
    }
    if (followed) {
      if (followedUntil.size >= 10_000) followedUntil.clear();
      followedUntil.set(projectId, now + FOLLOWED_CACHE_MS);
    } else followedUntil.delete(projectId);
    return followed;
  };
}
