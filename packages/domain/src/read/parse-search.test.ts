import { describe, expect, it } from 'vitest';
import { parseSearch } from './parse-search.js';

describe('parseSearch', () => {
  it('splits words, quoted phrases and exclusions', () => {
    expect(parseSearch('ödeme "kart reddedildi" -test -"deneme ortamı"')).toEqual({
      include: ['ödeme', 'kart reddedildi'],
      exclude: ['test', 'deneme ortamı'],
    });
  });

  it('keeps an unclosed quote as a phrase to the end and ignores empty pieces', () => {
    expect(parseSearch('  "bağlantı  koptu  ')).toEqual({ include: ['bağlantı koptu'], exclude: [] });
    expect(parseSearch('"" - ')).toBeUndefined();
  });

  it('allows a search made only of exclusions', () => {
    expect(parseSearch('-healthcheck')).toEqual({ include: [], exclude: ['healthcheck'] });
  });

  it('keeps at most ten terms', () => {
    expect(parseSearch(Array.from({ length: 15 }, (_, i) => `k${i}`).join(' '))!.include).toHaveLength(10);
  });
});
