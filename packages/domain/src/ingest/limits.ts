/** Limits on everything an ingest client controls. Sizes count UTF-16 units, as the client does. */
export const INGEST_LIMITS = {
  /**
   * Distributed mode: ingest stops queueing once the oldest queued batch waited this long (ms),
   * which caps the delay from 202 to visible (SEYIR_INGEST_MAX_LAG_MS). With requests held
   * rather than refused (below) a short bound no longer idles the worker: bench:ingest, same
   * day, 1,000 ms refused at once: 9.4–11.6k logs/s, visible p99 1.2–1.4 s; held: 600 ms,
   * 14.5k and 1.09 s; 400 ms, 13.8k and 0.65 s.
   */
  defaultMaxLagMs: 500,
  /**
   * Distributed mode: past the lag bound a request waits up to this long (ms) for the workers
   * before the 503 (SEYIR_INGEST_MAX_HOLD_MS); at most `maxHeldRequests` wait at once.
   */
  defaultMaxHoldMs: 2000,
  /**
   * Distributed mode: a project's concurrent requests share one job within this window (ms)
   * while jobs wait for a worker, a quarter of it otherwise (SEYIR_INGEST_COALESCE_MS). 10 ms
   * kept the closed-loop saturation rate (18.4–19.2k logs/s) but at 80 % of it, open loop, the
   * smaller jobs could not keep up: requests were held, HTTP p95 460–490 ms and p99 620–705 ms
   * in two runs of the final main; at 20 ms p95 was 36–86 ms.
   */
  defaultCoalesceMs: 20,
  maxHeldRequests: 256,
  /**
   * Decompressed ingest bodies held by one gateway at once, bytes (SEYIR_INGEST_MAX_INFLIGHT_MB):
   * with copies and the parsed objects about 5x this in heap. Past it, 503 + Retry-After.
   * Normal load holds far less (bench:ingest: 8 clients of 100-log batches, ~0.3 MB).
   */
  defaultMaxInflightBytes: 64 * 1024 * 1024,
  /** Characters of `message`. */
  maxMessageChars: 32 * 1024,
  /** Serialised size of each object field (metadata, context, exception, request, response). */
  maxObjectFieldChars: 64 * 1024,
  /**
   * Nesting levels of each object field (the field's own braces are one). JSON.parse builds any
   * depth, but serialising one ~10,000 deep overflows Node's stack and PostgreSQL refuses jsonb
   * past its stack limit: such a log would fail its whole batch in the worker. The Python
   * client cuts its values at 32 levels; the server's scrubber walks this deep.
   */
  maxObjectDepth: 64,
  /** Logs in one batch. */
  maxBatchLogs: 1000,
  /** Decompressed body of one request, bytes. */
  maxBodyBytes: 5 * 1024 * 1024,
  maxTags: 50,
  maxTagChars: 200,
  maxEnvironmentChars: 32,
  maxHostChars: 255,
  maxLoggerChars: 255,
  maxReleaseChars: 200,
  maxFingerprintParts: 20,
  maxFingerprintPartChars: 200,
  /** A timestamp further than this in the future is replaced by the receive time and flagged. */
  maxFutureSkewMs: 5 * 60 * 1000,
  /** Logs older than this (the longest plan retention) are refused. */
  maxAgeMs: 90 * 24 * 3600 * 1000,
} as const;
