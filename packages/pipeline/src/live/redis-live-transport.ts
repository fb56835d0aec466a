import { LIVE_BATCH_EVENT, LIVE_USAGE_EVENT } from '@seyir/domain';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import { createFollowCheck } from './followed-projects.js';
import type { LiveTransport } from './live-publisher.js';

/**
 * Channel prefix shared by the gateways' Socket.IO Redis adapter and the workers' emitter, under
 * the deployment's Redis prefix so deployments sharing a Redis never hear each other.
 */
export function liveChannelKey(redisPrefix: string): string {
  return `${redisPrefix}socket.io`;
}

/**
 * Distributed mode: frames go to every gateway as a Socket.IO server-side event through Redis
 * (`@socket.io/redis-emitter`). Each gateway then delivers them to its own subscribers, which
 * lets it coalesce bursts and watch slow clients. Publishing never throws: a frame lost while
 * Redis is down is recovered by the clients' catch-up on reconnect. Frames of a project no
 * gateway has a follower of are not built at all (`createFollowCheck`).
 */
export function createRedisLiveTransport(redis: Redis, redisPrefix: string): LiveTransport {
  const client = { publish: (channel: string, message: string) => redis.publish(channel, message).catch(() => 0) };
  const emitter = new Emitter(client, { key: liveChannelKey(redisPrefix) });
  return {
    followed: createFollowCheck(redis, redisPrefix),
    send(batch) {
      emitter.serverSideEmit(LIVE_BATCH_EVENT, batch);
    },
    sendUsage(usage) {
      emitter.serverSideEmit(LIVE_USAGE_EVENT, usage);
    },
  };
}
