import { describe, expect, it } from 'vitest';
import { parseSearch, searchPattern } from './parse-search.js';

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

describe('searchPattern', () => {
  const matches = (term: string, text: string) => new RegExp(searchPattern(term), 'u').test(text);

  it('folds case with Turkish rules, the four i forms being one letter', () => {
    expect(matches('İSTANBUL', 'istanbul deposu')).toBe(true);
    expect(matches('ışık', 'IŞIK sensörü')).toBe(true);
    expect(matches('ISIK', 'ışık')).toBe(false); // ş is not s
    expect(matches('çağrı', 'ÇAĞRI alındı')).toBe(true);
    expect(matches('straße', 'STRASSE')).toBe(false);
  });

  it('treats regex characters literally', () => {
    expect(searchPattern('a.b*(c)')).toBe('[aA]\\.[bB]\\*\\([cC]\\)');
    expect(matches('100% [ok]', 'healthcheck 100% [OK]')).toBe(true);
    expect(matches('1.0', '120')).toBe(false);
  });
});
