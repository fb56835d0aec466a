/** Limits on everything an ingest client controls. Sizes count UTF-16 units, as the client does. */
export const INGEST_LIMITS = {
  /**
   * Distributed mode: ingest answers 503 once the oldest queued batch waited this long (ms),
   * which caps the delay from 202 to visible (SEYIR_INGEST_MAX_LAG_MS). bench:ingest at 750 ms:
   * visible p99 903–1,138 ms at 13.4–14.9k logs/s; at 1,000 ms: 1,081–1,137 ms at 15.1–17.0k.
   * The shorter queue idles the worker while clients wait out Retry-After: 1,000 stays.
   */
  defaultMaxLagMs: 1000,
  /** Characters of `message`. */
  maxMessageChars: 32 * 1024,
  /** Serialised size of each object field (metadata, context, exception, request, response). */
  maxObjectFieldChars: 64 * 1024,
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
