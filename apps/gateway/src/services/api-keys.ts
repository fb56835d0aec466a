import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, apiKeyVisibleParts } from '@seyir/domain';

/** A new key: the recognisable prefix plus 32 random bytes (256 bits), base64url. */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a key: sha-256, hex. Keys have 256 bits of entropy, so no salt is needed. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newApiKeyRecord(): { key: string; keyHash: string; keyPrefix: string; keyLast4: string } {
  const key = generateApiKey();
  const { prefix, last4 } = apiKeyVisibleParts(key);
  return { key, keyHash: hashApiKey(key), keyPrefix: prefix, keyLast4: last4 };
}
