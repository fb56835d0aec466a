/** Every API key starts with this, so a leaked key is recognisable (by secret scanners too). */
export const API_KEY_PREFIX = 'seyir_';

/**
 * The form a key is listed in (§4): first 8 and last 4 characters, the middle masked.
 * Only these two parts are stored besides the hash.
 */
export function maskApiKey(prefix8: string, last4: string): string {
  return `${prefix8}${'•'.repeat(12)}${last4}`;
}

/** The parts of a full key that the server keeps in clear. */
export function apiKeyVisibleParts(key: string): { prefix: string; last4: string } {
  return { prefix: key.slice(0, 8), last4: key.slice(-4) };
}
