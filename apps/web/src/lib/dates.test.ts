import { describe, expect, it } from 'vitest';
import { formatInputTr, parseInputTr, toLocalInput } from './dates';

describe('Turkish date-time entry', () => {
  it('reads dates typed the Turkish way, a day alone as its midnight, and refuses the rest', () => {
    expect(parseInputTr('05.03.2025 14:30')).toBe('2025-03-05T14:30');
    expect(parseInputTr(' 5.3.2025  9:05 ')).toBe('2025-03-05T09:05');
    expect(parseInputTr('05.03.2025')).toBe('2025-03-05T00:00');
    expect(parseInputTr('')).toBe('');
    for (const bad of ['03/05/2025', '31.02.2025 10:00', '05.03.2025 25:00', 'dün', '2025-03-05']) expect(parseInputTr(bad), bad).toBeNull();
  });

  it('writes local values the Turkish way and reads shared links’ ISO instants', () => {
    expect(formatInputTr('2025-03-05T14:30')).toBe('05.03.2025 14:30');
    expect(formatInputTr('')).toBe('');
    expect(toLocalInput('2025-03-05T14:30')).toBe('2025-03-05T14:30');
    expect(toLocalInput(new Date(2025, 2, 5, 14, 30).toISOString())).toBe('2025-03-05T14:30');
    expect(toLocalInput('yarın')).toBe('');
  });
});
