/** Shown wherever a date cannot be read (§8). */
export const INVALID_DATE_LABEL = 'Geçersiz tarih';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/**
 * A date as Turkish readers write it, e.g. '5 Mart 2025' (tr-TR, local time zone).
 * Unreadable input gives 'Geçersiz tarih'.
 */
export function formatDateTr(value: string | number | Date, options: { withTime?: boolean } = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE_LABEL;
  return new Intl.DateTimeFormat('tr-TR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(options.withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(date);
}

/**
 * Relative time of §9: under 1 minute 'Az önce', then '{n} dakika önce', '{n} saat önce'
 * (under 24 hours), '{n} gün önce' (under 7 days), then the date. `now` is passed in so the
 * function stays pure; a time slightly in the future (clock skew) counts as 'Az önce'.
 */
export function formatRelativeTimeTr(value: string | number | Date, now: Date | number): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return INVALID_DATE_LABEL;
  const elapsed = toDate(now).getTime() - date.getTime();
  if (elapsed < MINUTE) return 'Az önce';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} dakika önce`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} saat önce`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} gün önce`;
  return formatDateTr(date);
}
