import { z } from 'zod';
import { QUERY_MAX_LENGTH, tryParseQuery } from '../query/parse-query.js';
import { COLUMN_MESSAGES, ColumnListSchema, VIEW_DEFAULT_COLUMNS } from './log-columns.js';

/** Turkish details of saved views. */
export const VIEW_MESSAGES = {
  nameRequired: 'Görünüm adı gereklidir.',
  nameTooLong: 'Görünüm adı en fazla 100 karakter olabilir.',
  queryInvalid: 'Sorgu metin olmalıdır.',
  queryTooLong: `Sorgu en fazla ${QUERY_MAX_LENGTH} karakter olabilir.`,
  columnsInvalid: COLUMN_MESSAGES.columnsInvalid,
  columnsTooMany: COLUMN_MESSAGES.columnsTooMany,
  columnsDuplicate: COLUMN_MESSAGES.columnsDuplicate,
  nameTaken: 'Bu projede bu adla bir görünüm zaten var.',
  tooMany: (max: number) => `Bir projede en fazla ${max} görünüm kaydedilebilir.`,
  notFound: 'Görünüm bulunamadı.',
} as const;

export const VIEW_NAME_MAX_LENGTH = 100;
export const MAX_VIEWS_PER_PROJECT = 50;

/** POST and PUT /api/v1/projects/{id}/views: the query must parse (its error says where it does not). */
export const SavedViewInputSchema = z.object({
  name: z.string({ error: VIEW_MESSAGES.nameRequired }).trim().min(1, { error: VIEW_MESSAGES.nameRequired }).max(VIEW_NAME_MAX_LENGTH, { error: VIEW_MESSAGES.nameTooLong }),
  query: z
    .string({ error: VIEW_MESSAGES.queryInvalid })
    .max(QUERY_MAX_LENGTH, { error: VIEW_MESSAGES.queryTooLong })
    .superRefine((q, ctx) => {
      const parsed = tryParseQuery(q, 'logs');
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error.message });
    })
    .transform((q) => q.trim()),
  columns: ColumnListSchema.default(VIEW_DEFAULT_COLUMNS),
});
export type SavedViewInput = z.output<typeof SavedViewInputSchema>;

/** A saved view as the API answers it. */
export interface SavedView {
  id: string;
  project_id: string;
  name: string;
  query: string;
  columns: string[];
  created_by: string | null;
  created_at: string;
  updated_at: string;
}
