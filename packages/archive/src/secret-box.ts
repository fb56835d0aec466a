import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encrypts archive credentials at rest: AES-256-GCM with a random 96-bit IV, bound to the
 * project id as additional data (a ciphertext copied to another project's row does not
 * decrypt). Stored as `v1:` + base64url(iv ‖ tag ‖ ciphertext).
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the text was not sealed with this key and context, or was altered. */
  open(sealed: string, context: string): string;
}

/** Reads a 256-bit key given as 64 hex characters or as base64/base64url of 32 bytes. */
export function parseArchiveKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('SEYIR_ARCHIVE_KEY must be 32 bytes: 64 hex characters or base64 of 32 bytes');
  return key;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('an AES-256 key is 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
    },
    open(sealed, context) {
      if (!sealed.startsWith('v1:')) throw new Error('unknown secret format');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      if (raw.length < 28) throw new Error('sealed secret too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
