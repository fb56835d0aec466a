import { AppError, INGEST_MESSAGES } from '@seyir/domain';
import { getIngestKeyByHash, touchApiKey, type Database, type IngestKey } from '@seyir/db';
import { hashApiKey } from '../services/api-keys.js';

/** How long a key lookup is trusted: a deactivated key stops working within this time. */
export const KEY_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;

/**
 * Resolves API keys for ingest with a short cache (hits and misses both), so a flood of
 * requests — valid or not — costs one database lookup per key every few seconds, and writes
 * `last_used` at most once a minute per key.
 */
export class IngestKeys {
  private readonly cache = new Map<string, { key: IngestKey | undefined; until: number }>();
  private readonly touched = new Map<string, number>();

  constructor(private readonly db: Database, private readonly now: () => number = Date.now) {}

  /** The active key, or a Turkish 401. */
  async authenticate(rawKey: string | undefined): Promise<IngestKey> {
    if (!rawKey) throw new AppError('INVALID_API_KEY', INGEST_MESSAGES.keyMissing);
    if (rawKey.length > 200) throw new AppError('INVALID_API_KEY', INGEST_MESSAGES.keyInvalid);
    const hash = hashApiKey(rawKey);
    const now = this.now();
    let entry = this.cache.get(hash);
    if (!entry || entry.until < now) {
      entry = { key: await getIngestKeyByHash(this.db, hash), until: now + KEY_CACHE_MS };
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(hash, entry);
    }
    if (!entry.key || !entry.key.isActive) throw new AppError('INVALID_API_KEY', INGEST_MESSAGES.keyInvalid);
    this.touch(entry.key.keyId, now);
    return entry.key;
  }

  private touch(keyId: string, now: number): void {
    if ((this.touched.get(keyId) ?? 0) > now - 60_000) return;
    this.touched.set(keyId, now);
    touchApiKey(this.db, keyId, new Date(now)).catch(() => this.touched.delete(keyId));
  }
}
