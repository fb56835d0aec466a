import type { LiveHub } from './liveHub';

/** The parts of RTK Query's `onCacheEntryAdded` lifecycle the helper needs. */
export interface CacheLifecycle {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  extra: unknown;
}

/**
 * Keeps a cache entry live: once its first data is in, `start` subscribes through the hub (it
 * answers the unsubscribe), and when the entry is dropped the subscription ends. An entry
 * removed before its data arrived never subscribes. Use as
 * `onCacheEntryAdded: (args, lifecycle) => liveWhileCached(lifecycle, (live) => live.subscribe(…))`.
 */
export async function liveWhileCached(lifecycle: CacheLifecycle, start: (live: LiveHub) => () => void): Promise<void> {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  const stop = start((lifecycle.extra as { live: LiveHub }).live);
  try {
    await lifecycle.cacheEntryRemoved;
  } finally {
    stop();
  }
}
