import { describe, expect, it } from 'vitest';
import { generalizeTokens, tokenFits } from './generalize-tokens.js';

describe('generalizeTokens', () => {
  it('keeps the common key and brackets around the differing value', () => {
    expect(generalizeTokens('rhost=a.example.org', 'rhost=<*>')).toBe('rhost=<*>');
    expect(generalizeTokens('()', '(<*>)')).toBe('(<*>)');
    expect(generalizeTokens('user=root', 'user=guest')).toBe('user=<*>');
  });

  it('never cuts a word in two', () => {
    expect(generalizeTokens('cupsd', 'klogd')).toBe('<*>');
    expect(generalizeTokens('phoneId=<*>', 'retVal=<*>')).toBe('<*>');
  });
});

describe('tokenFits', () => {
  it('matches a pattern token against message tokens', () => {
    expect(tokenFits('rhost=<*>', 'rhost=')).toBe(true);
    expect(tokenFits('rhost=<*>', 'user=root')).toBe(false);
    expect(tokenFits('(<*>)', '()')).toBe(true);
    expect(tokenFits('<*>', 'anything')).toBe(true);
    expect(tokenFits('a<*>b<*>c', 'aXbYc')).toBe(true);
    expect(tokenFits('a<*>b<*>c', 'aXc')).toBe(false);
  });
});
