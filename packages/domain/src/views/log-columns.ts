import { z } from 'zod';
import { JSON_COLUMNS, type JsonColumn } from '../query/ast.js';

/** Turkish details of column lists (saved views and the logs list's `fields`). */
export const COLUMN_MESSAGES = {
  columnsInvalid: 'Sütunlar şunlardan seçilmelidir: timestamp, level, message, environment, host, logger, release, tags, group ya da metadata.alan gibi özel bir alan.',
  columnsTooMany: 'En fazla 12 sütun seçilebilir.',
  columnsDuplicate: 'Bir sütun yalnızca bir kez seçilebilir.',
  fieldsInvalid: (key: string) => `"${key}" sütun olarak istenemez; logger, release ya da metadata.alan gibi özel bir alan olmalıdır.`,
  fieldsTooMany: 'En fazla 12 ek sütun istenebilir.',
} as const;

/** Columns the logs table can show; custom fields are `metadata.x`-style keys. */
export const VIEW_BUILT_IN_COLUMNS = ['timestamp', 'level', 'message', 'environment', 'host', 'logger', 'release', 'tags', 'group'] as const;
export type BuiltInColumn = (typeof VIEW_BUILT_IN_COLUMNS)[number];
/** Shown whatever a view lists: a row without them says nothing. */
export const ALWAYS_SHOWN_COLUMNS = ['timestamp', 'level', 'message'] as const;
export const VIEW_DEFAULT_COLUMNS = ['timestamp', 'level', 'message', 'environment', 'host'];
export const VIEW_MAX_COLUMNS = 12;

/** `metadata.user_id`, `context.order.id`: a JSON column and 1–8 path segments of letters, digits, `_` and `-`. */
const CUSTOM_COLUMN = new RegExp(`^(${JSON_COLUMNS.join('|')})(\\.[A-Za-z0-9_-]{1,64}){1,8}$`);

/**
 * Where a column the list does not carry by default comes from: `logger` and `release` are
 * plain columns, a custom key is a path into one JSON column. The database selects these only
 * when asked (`fields` of the logs list).
 */
export type LogFieldSource = { kind: 'attribute'; field: 'logger' | 'release' } | { kind: 'json'; column: JsonColumn; path: string[] };

/** An extra column asked of the logs list: its key (as in a view) and where it is read from. */
export interface LogField {
  key: string;
  source: LogFieldSource;
}

export function isCustomColumn(key: string): boolean {
  return CUSTOM_COLUMN.test(key);
}

export function isLogColumn(key: string): boolean {
  return (VIEW_BUILT_IN_COLUMNS as readonly string[]).includes(key) || isCustomColumn(key);
}

/** The source of an extra column, or undefined for a column every listed log already has. */
export function logFieldSource(key: string): LogFieldSource | undefined {
  if (key === 'logger' || key === 'release') return { kind: 'attribute', field: key };
  if (!isCustomColumn(key)) return undefined;
  const [column, ...path] = key.split('.');
  return { kind: 'json', column: column as JsonColumn, path };
}

/** A saved view's column list: known or custom columns, at most 12, each once. */
export const ColumnListSchema = z
  .array(z.string({ error: COLUMN_MESSAGES.columnsInvalid }).refine(isLogColumn, { error: COLUMN_MESSAGES.columnsInvalid }), { error: COLUMN_MESSAGES.columnsInvalid })
  .max(VIEW_MAX_COLUMNS, { error: COLUMN_MESSAGES.columnsTooMany })
  .refine((cols) => new Set(cols).size === cols.length, { error: COLUMN_MESSAGES.columnsDuplicate });

/**
 * The `fields` parameter of GET /logs: comma-separated extra columns (`logger`, `release`,
 * custom keys) each listed log should carry in `fields`. Duplicates are dropped.
 */
export const LogFieldsParamSchema = z
  .string({ error: COLUMN_MESSAGES.fieldsTooMany })
  .max(VIEW_MAX_COLUMNS * 600, { error: COLUMN_MESSAGES.fieldsTooMany })
  .transform((raw, ctx) => {
    const keys = [...new Set(raw.split(',').map((k) => k.trim()).filter(Boolean))];
    if (keys.length > VIEW_MAX_COLUMNS) {
      ctx.addIssue({ code: 'custom', message: COLUMN_MESSAGES.fieldsTooMany });
      return z.NEVER;
    }
    const fields: LogField[] = [];
    for (const key of keys) {
      const source = logFieldSource(key);
      if (!source) {
        ctx.addIssue({ code: 'custom', message: COLUMN_MESSAGES.fieldsInvalid(key.slice(0, 80)) });
        return z.NEVER;
      }
      fields.push({ key, source });
    }
    return fields;
  });
