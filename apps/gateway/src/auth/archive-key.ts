import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSecretBox, parseArchiveKey, type SecretBox } from '@seyir/archive';

/**
 * The box that encrypts archive credentials: from SEYIR_ARCHIVE_KEY, or in embedded mode a key
 * generated on first start and kept in the data folder (mode 0600). Distributed mode without
 * the variable has none: archive settings cannot be saved (and workers could not read them).
 */
export function resolveArchiveSecretBox(configured: string | undefined, mode: 'embedded' | 'distributed', dataDir: string): SecretBox | undefined {
  if (configured) return createSecretBox(parseArchiveKey(configured));
  if (mode === 'distributed') return undefined;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'archive-key');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return createSecretBox(parseArchiveKey(readFileSync(file, 'utf8')));
}
