import { z } from 'zod';

/**
 * The archive setting every app reads from its environment (spread into the app's config):
 * `SEYIR_ARCHIVE_KEY`, 32 bytes as 64 hex characters or base64, the AES-256-GCM key of stored
 * archive credentials. Gateways and workers must share it.
 */
export const ArchiveEnvShape = {
  SEYIR_ARCHIVE_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes: 64 hex characters or base64')
    .optional(),
};
