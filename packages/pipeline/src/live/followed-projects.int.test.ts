import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, inject, it } from 'vitest';
import { createFollowCheck, createFollowMarker, FOLLOW_TTL_MS, FOLLOWED_CACHE_MS, followedKey } from './followed-projects.js';

const redis = new Redis(inject('redisUrl'), { maxRetriesPerRequest: 1 });
afterAll(() => redis.disconnect());

it("tells a worker which projects a gateway follows, trusts a yes for a moment and asks again after every no", async () => {
  const prefix = `follow-${randomUUID()}:`;
  const [watched, unwatched] = [randomUUID(), randomUUID()];
  let now = 1_000_000;
  const followed = createFollowCheck(redis, prefix, () => now);
  expect(await followed(watched)).toBe(false);

  await createFollowMarker(redis, prefix).mark([watched]);
  // A "no" is never kept: the mark counts from the next batch on.
  expect(await followed(watched)).toBe(true);
  expect(await followed(unwatched)).toBe(false);
  const ttl = await redis.pttl(followedKey(prefix, watched));
  expect(ttl).toBeGreaterThan(FOLLOW_TTL_MS - 5_000);
  expect(ttl).toBeLessThanOrEqual(FOLLOW_TTL_MS);

  // The mark expires (no gateway refreshed it): still "yes" within the cache, then "no".
  await redis.del(followedKey(prefix, watched));
  now += FOLLOWED_CACHE_MS - 1;
  expect(await followed(watched)).toBe(true);
  now += 2;
  expect(await followed(watched)).toBe(false);
  // Another deployment's prefix does not see the mark.
  await createFollowMarker(redis, prefix).mark([watched]);
  expect(await createFollowCheck(redis, `other-${prefix}`)(watched)).toBe(false);
});

it('answers "followed" when Redis cannot be asked, so no follower misses a frame', async () => {
  const closed = new Redis(inject('redisUrl'), { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true });
  expect(await createFollowCheck(closed, 'any:')(randomUUID())).toBe(true);
  closed.disconnect();
});
