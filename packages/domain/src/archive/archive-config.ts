import { z } from 'zod';

export const ARCHIVE_MESSAGES = {
  endpointInvalid: 'Geçerli bir http(s) adresi girin (ör. https://s3.eu-central-1.amazonaws.com).',
  bucketInvalid: 'Kova adı 3-63 karakter olmalı; küçük harf, rakam, nokta ve tire içerebilir.',
  prefixInvalid: 'Önek en fazla 200 karakter olabilir; harf, rakam ve / . _ - içerebilir.',
  regionInvalid: 'Bölge en fazla 64 karakter olabilir; harf, rakam ve tire içerebilir.',
  accessKeyRequired: 'Erişim anahtarı gereklidir.',
  secretRequired: 'Gizli anahtar gereklidir.',
  notConfigured: 'Bu projenin arşiv ayarı yok.',
  archiveKeyMissing: 'Sunucuda arşiv şifreleme anahtarı (SEYIR_ARCHIVE_KEY) tanımlı değil; arşiv ayarı kaydedilemez.',
  testFailed: (reason: string) => `Arşiv deposuna yazılamadı: ${reason}`,
  testOk: 'Arşiv deposuna deneme dosyası yazıldı, doğrulandı ve silindi.',
  removed: 'Arşiv ayarı kaldırıldı.',
} as const;

/**
 * PUT /api/v1/projects/{id}/archive: where expired logs are written before deletion. The secret
 * is write-only: the API never returns it. Omitting it on an update keeps the stored one.
 */
export const ArchiveConfigInputSchema = z.object({
  endpoint: z
    .string({ error: ARCHIVE_MESSAGES.endpointInvalid })
    .trim()
    .max(300, { error: ARCHIVE_MESSAGES.endpointInvalid })
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i, { error: ARCHIVE_MESSAGES.endpointInvalid })
    .transform((u) => u.replace(/\/+$/, '')),
  region: z
    .string({ error: ARCHIVE_MESSAGES.regionInvalid })
    .trim()
    .regex(/^[a-z0-9-]{1,64}$/i, { error: ARCHIVE_MESSAGES.regionInvalid })
    .default('us-east-1'),
  bucket: z
    .string({ error: ARCHIVE_MESSAGES.bucketInvalid })
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: ARCHIVE_MESSAGES.bucketInvalid }),
  prefix: z
    .string({ error: ARCHIVE_MESSAGES.prefixInvalid })
    .trim()
    .max(200, { error: ARCHIVE_MESSAGES.prefixInvalid })
    .regex(/^[A-Za-z0-9/._-]*$/, { error: ARCHIVE_MESSAGES.prefixInvalid })
    .refine((p) => !p.split('/').some((s) => s === '..' || s === '.'), { error: ARCHIVE_MESSAGES.prefixInvalid })
    .transform((p) => p.replace(/^\/+|\/+$/g, '').replace(/\/{2,}/g, '/'))
    .default(''),
  access_key_id: z
    .string({ error: ARCHIVE_MESSAGES.accessKeyRequired })
    .trim()
    .min(1, { error: ARCHIVE_MESSAGES.accessKeyRequired })
    .max(256, { error: ARCHIVE_MESSAGES.accessKeyRequired }),
  secret_access_key: z.string({ error: ARCHIVE_MESSAGES.secretRequired }).min(1, { error: ARCHIVE_MESSAGES.secretRequired }).max(512).optional(),
});
export type ArchiveConfigInput = z.infer<typeof ArchiveConfigInputSchema>;

/** What the API answers about a project's archive: everything but the secret. */
export interface ArchiveConfigView {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  access_key_id: string;
  has_secret: true;
  last_archived_at: string | null;
  last_error: string | null;
}

/**
 * Object key of one project's logs of one UTC day: `<prefix>/<project>/<yyyy>/<mm>/<dd>.ndjson.gz`
 * (no leading slash when the prefix is empty).
 */
export function archiveObjectKey(prefix: string, projectId: string, day: string): string {
  const [yyyy, mm, dd] = day.split('-');
  const path = `${projectId}/${yyyy}/${mm}/${dd}.ndjson.gz`;
  return prefix ? `${prefix}/${path}` : path;
}
