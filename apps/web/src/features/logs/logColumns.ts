import { ALWAYS_SHOWN_COLUMNS, logFieldSource } from '@seyir/domain';
import { LOGS } from '../../messages/app';

/** The table's columns with no view open (environment before the message, as §4 shows it). */
export const DEFAULT_TABLE_COLUMNS = ['timestamp', 'level', 'environment', 'message', 'host'] as const;

const BUILT_IN_LABELS: Record<string, string> = {
  timestamp: LOGS.time,
  level: LOGS.level,
  message: LOGS.message,
  environment: LOGS.environment,
  host: LOGS.host,
  logger: LOGS.logger,
  release: LOGS.release,
  tags: LOGS.tags,
  group: LOGS.group,
};

/** A column's header: the Turkish name of a built-in one, the key itself for a custom field. */
export function columnLabel(key: string): string {
  return BUILT_IN_LABELS[key] ?? key;
}

/** A view's columns as the table shows them: in the view's order, time, level and message always there. */
export function tableColumns(viewColumns: readonly string[] | undefined): string[] {
  if (!viewColumns) return [...DEFAULT_TABLE_COLUMNS];
  return [...ALWAYS_SHOWN_COLUMNS.filter((c) => !viewColumns.includes(c)), ...viewColumns];
}

/** The logs list's `fields` parameter for these columns (logger, release, custom keys), '' when none. */
export function extraFieldsParam(columns: readonly string[] | undefined): string {
  return (columns ?? []).filter((c) => logFieldSource(c)).join(',');
}

/** A custom field's value as one line of text: '—' when absent, lists joined, objects as JSON. */
export function formatFieldValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.map((v) => formatFieldValue(v)).join(', ');
  return JSON.stringify(value);
}
