import { describe, expect, it } from 'vitest';
import { formatNumberTr, formatPercentChangeTr, formatShareTr } from './format-number.js';

describe('Turkish number formatting', () => {
  it('groups thousands with dots', () => {
    expect(formatNumberTr(1234)).toBe('1.234');
    expect(formatNumberTr(5_000_000)).toBe('5.000.000');
    expect(formatNumberTr(12)).toBe('12');
  });
  it('writes percentage changes with sign, leading % and a decimal comma', () => {
    expect(formatPercentChangeTr(12.5)).toBe('+%12,5');
    expect(formatPercentChangeTr(-3)).toBe('-%3');
    expect(formatPercentChangeTr(0)).toBe('%0');
  });
  it('computes shares and survives a zero total', () => {
    expect(formatShareTr(1, 4)).toBe('%25');
    expect(formatShareTr(1, 0)).toBe('%0');
  });
});
