import { format, isValid, parse, parseISO, startOfDay, subDays } from 'date-fns';
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

/** The filters' date-time value as it travels in addresses: local time, to the minute. */
const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";
/** How a date-time is written and typed in Turkish: '05.03.2025 14:03'. */
export const TR_DATE_TIME_INPUT = 'dd.MM.yyyy HH:mm';

/** A filter's date-time from an address ('2025-03-05T14:03', or any ISO instant of a shared link) as local '2025-03-05T14:03'; '' when unreadable. */
export function toLocalInput(value: string): string {
  const date = toDate(value);
  return date ? format(date, LOCAL_INPUT) : '';
}

/** '2025-03-05T14:03' written the Turkish way ('05.03.2025 14:03'); '' when blank or unreadable. */
export function formatInputTr(local: string): string {
  const date = toDate(local);
  return date ? format(date, TR_DATE_TIME_INPUT, DATE_LOCALE) : '';
}

/**
 * A typed Turkish date-time ('05.03.2025 14:03', or a day alone: '05.03.2025' is its midnight)
 * as local '2025-03-05T14:03'; '' for blank, null when it is not a date.
 */
export function parseInputTr(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!trimmed) return '';
  for (const pattern of [TR_DATE_TIME_INPUT, 'd.M.yyyy H:mm', 'dd.MM.yyyy', 'd.M.yyyy']) {
    const date = parse(trimmed, pattern, new Date(), DATE_LOCALE);
    if (isValid(date) && date.getFullYear() >= 1970 && date.getFullYear() <= 9999) return format(date, LOCAL_INPUT);
  }
  return null;
}

export { parseISO, toDate as parseDateValue };
