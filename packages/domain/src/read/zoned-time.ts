/** Days are counted in this time zone unless configured otherwise (issue 5: Europe/Istanbul). */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';

const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockOf(instant: Date, timeZone: string): { year: number; month: number; day: number; utcOfWallClock: number } {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const [year, month, day] = [get('year'), get('month'), get('day')];
  return { year, month, day, utcOfWallClock: Date.UTC(year, month - 1, day, get('hour'), get('minute'), get('second')) };
}

/** Offset of `timeZone` from UTC at `instant`, in ms (Istanbul: +3 h). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const whole = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  return wallClockOf(whole, timeZone).utcOfWallClock - whole.getTime();
}

/** The calendar date ('YYYY-MM-DD') of `instant` in `timeZone`. */
export function zonedDate(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClockOf(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instant a wall-clock time (ms as if it were UTC) happens in `timeZone`. */
export function fromWallClock(wallClockMs: number, timeZone: string): Date {
  const first = wallClockMs - zoneOffsetMs(new Date(wallClockMs), timeZone);
  const second = wallClockMs - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** Midnight starting `date` ('YYYY-MM-DD') in `timeZone`. */
export function zonedMidnight(date: string, timeZone: string): Date {
  return fromWallClock(Date.parse(`${date}T00:00:00Z`), timeZone);
}

/** `date` ('YYYY-MM-DD') moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR_MS).toISOString().slice(0, 10);
}

/** Start of the UTC hour holding `instant`. */
export function floorHour(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
}

/** Start of the first UTC hour at or after `instant`. */
export function ceilHour(instant: Date): Date {
  return new Date(Math.ceil(instant.getTime() / HOUR_MS) * HOUR_MS);
}
