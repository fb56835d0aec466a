import { AppError, INGEST_MESSAGES, SERVER_MESSAGES } from '@seyir/domain';
import { getIngestKeyByHash, touchApiKey, type Database, type IngestKey } from '@seyir/db';
import { hashApiKey } from '../services/api-keys.js';

/** How long a key lookup is trusted: a deactivated key stops working within this time. */
export const KEY_CACHE_MS = 5_000;
/** While the database does not answer, a known key's last state is used and asked again this often. */
export const KEY_RETRY_MS = 1_000;
const MAX_CACHED = 10_000;

interface CachedKey {
  key: IngestKey | undefined;
  until: number;
}

/** Longest API key text looked at: longer ones are refused before any hashing. */
export const MAX_API_KEY_CHARS = 200;

/**
 * Resolves API keys for ingest with a short cache (hits and misses both), so a flood of
 * requests — valid or not — costs one database lookup per key every few seconds, and writes
 * `last_used` at most once a minute per key.
 *
 * Ingest does not need the database (accepted batches wait in Redis), so neither does a key
 * seen before: when the lookup fails, the key's last known state stands — a key cannot be
 * deactivated without the database — and is looked up again after KEY_RETRY_MS. A key not seen
 * before is answered 503 (retry later), never 500.
 */
export class IngestKeys {
  private readonly cache = new Map<string, CachedKey>();
  private readonly lookups = new Map<string, Promise<IngestKey | undefined>>();
  private readonly touched = new Map<string, number>();

  constructor(private readonly db: Database, private readonly now: () => number = Date.now) {}

  /** The active key, or a Turkish 401. */
  async authenticate(rawKey: string | undefined): Promise<IngestKey> {
    if (!rawKey) throw new AppError('INVALID_API_KEY', INGEST_MESSAGES.keyMissing);
    if (rawKey.length > MAX_API_KEY_CHARS) throw new AppError('INVALID_API_KEY', INGEST_MESSAGES.keyInvalid);
    const hash = hashApiKey(rawKey);
    const now = this.now();
    let entry = this.cache.get(hash);
    if (!entry || entry.until < now) entry = await this.refresh(hash, entry, now);
    if (!entry.key || !entry.key.isActive) throw new AppError('INVALID_API_KEY', INGEST_MESSAGES.keyInvalid);
    this.touch(entry.key.keyId, now);
    return entry.key;
  }

  /** One lookup per key at a time; a failed one falls back to the stale entry (see the class). */
  private async refresh(hash: string, stale: CachedKey | undefined, now: number): Promise<CachedKey> {
    let lookup = this.lookups.get(hash);
    if (lookup && stale) return stale; // another request is asking: no need to wait on a slow database too
    if (!lookup) {
      lookup = getIngestKeyByHash(this.db, hash).finally(() => this.lookups.delete(hash));
      this.lookups.set(hash, lookup);
    }
    try {
      const entry = { key: await lookup, until: now + KEY_CACHE_MS };
      if (!this.cache.has(hash) && this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(hash, entry);
      return entry;
    } catch (error) {
      if (!stale) throw new AppError('UNAVAILABLE', SERVER_MESSAGES.unavailable, { cause: error, retryAfterSeconds: 2 });
      stale.until = Math.max(stale.until, now + KEY_RETRY_MS);
      return stale;
    }
  }

  private touch(keyId: string, now: number): void {
    if ((this.touched.get(keyId) ?? 0) > now - 60_000) return;
    this.touched.set(keyId, now);
    touchApiKey(this.db, keyId, new Date(now)).catch(() => this.touched.delete(keyId));
  }
}
