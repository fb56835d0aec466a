import { format, isValid, parseISO, startOfDay, subDays } from 'date-fns';
import { tr } from 'date-fns/locale';
import { INVALID_DATE_LABEL } from '@seyir/domain';

/** date-fns in Turkish; `tr` starts weeks on Monday (§9). */
export const DATE_LOCALE = { locale: tr, weekStartsOn: 1 as const };

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** '5 Mar 2025 14:03:12' in local time, or 'Geçersiz tarih'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'd MMM yyyy HH:mm:ss', DATE_LOCALE) : INVALID_DATE_LABEL;
}

/** '5 Mart 2025', or 'Geçersiz tarih'. */
export function formatDay(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'd MMMM yyyy', DATE_LOCALE) : INVALID_DATE_LABEL;
}

/** Axis label: '5 Mar'. */
export function formatShortDay(value: Date): string {
  return format(value, 'd MMM', DATE_LOCALE);
}

/** The last `days` calendar days, oldest first, as local midnights. */
export function lastDays(days: number, now = new Date()): Date[] {
  const today = startOfDay(now);
  return Array.from({ length: days }, (_, i) => subDays(today, days - 1 - i));
}

/** A `datetime-local` value ('2025-03-05T14:03') as an ISO instant, '' when blank. */
export function localInputToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return isValid(date) ? date.toISOString() : '';
}

export { parseISO, toDate as parseDateValue };
