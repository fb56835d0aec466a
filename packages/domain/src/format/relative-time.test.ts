import { describe, expect, it } from 'vitest';
import { formatDateTr, formatRelativeTimeTr, INVALID_DATE_LABEL } from './relative-time.js';

const now = new Date('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatRelativeTimeTr', () => {
  it('says "Az önce" under one minute and for a slightly future time', () => {
    expect(formatRelativeTimeTr(ago(59_000), now)).toBe('Az önce');
    expect(formatRelativeTimeTr(ago(-5_000), now)).toBe('Az önce');
  });
  it('counts minutes under an hour, hours under a day, days under a week', () => {
    expect(formatRelativeTimeTr(ago(60_000), now)).toBe('1 dakika önce');
    expect(formatRelativeTimeTr(ago(59 * 60_000), now)).toBe('59 dakika önce');
    expect(formatRelativeTimeTr(ago(3_600_000), now)).toBe('1 saat önce');
    expect(formatRelativeTimeTr(ago(23 * 3_600_000), now)).toBe('23 saat önce');
    expect(formatRelativeTimeTr(ago(24 * 3_600_000), now)).toBe('1 gün önce');
    expect(formatRelativeTimeTr(ago(6 * 24 * 3_600_000), now)).toBe('6 gün önce');
  });
  it('shows the date from seven days on', () => {
    expect(formatRelativeTimeTr('2025-03-01T12:00:00Z', now)).toBe(formatDateTr('2025-03-01T12:00:00Z'));
    expect(formatDateTr('2025-03-01T12:00:00Z')).toMatch(/Mart 2025/);
  });
  it('answers "Geçersiz tarih" for unreadable input', () => {
    expect(formatRelativeTimeTr('not a date', now)).toBe(INVALID_DATE_LABEL);
    expect(formatDateTr('')).toBe('Geçersiz tarih');
  });
});
