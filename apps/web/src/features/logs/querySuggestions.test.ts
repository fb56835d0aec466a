import { describe, expect, it } from 'vitest';
import { querySuggestions } from './querySuggestions';

const ctx = {
  environments: ['production', 'staging'],
  fields: [
    { key: 'metadata.user_id', count: 40, values: [{ value: '42', count: 30 }, { value: '7', count: 10 }] },
    { key: 'tags', count: 20, values: [{ value: 'payments', count: 20 }, { value: 'iki kelime', count: 1 }] },
  ],
};
const labels = (text: string, caret = text.length) => querySuggestions(text, caret, ctx)?.options.map((o) => o.label);

describe('querySuggestions', () => {
  it('offers field names, built-in and recent custom ones, for the word being typed', () => {
    expect(labels('le')).toEqual(['level']);
    expect(labels('ödeme meta')).toEqual(['metadata.user_id']);
    expect(labels('ta')).toEqual(['tags']);
    expect(querySuggestions('ödeme meta', 10, ctx)).toEqual({ from: 6, to: 10, options: [{ label: 'metadata.user_id', insert: 'metadata.user_id:', count: 40 }] });
    expect(querySuggestions('-meta', 5, ctx)?.options[0]?.insert).toBe('-metadata.user_id:');
  });

  it('offers values after the operator: levels, environments, recent values (quoted when needed)', () => {
    expect(labels('level:>=w')).toEqual(['warning']);
    expect(labels('env:')).toEqual(['production', 'staging']);
    expect(labels('metadata.user_id:')).toEqual(['42', '7']);
    expect(querySuggestions('metadata.user_id:4', 18, ctx)?.options[0]).toEqual({ label: '42', insert: 'metadata.user_id:42 ', count: 30 });
    expect(querySuggestions('tags:ik', 7, ctx)?.options[0]?.insert).toBe('tags:"iki kelime" ');
  });

  it('offers the groups screen only what groups have: status and its values, no custom fields', () => {
    const groups = (text: string) => querySuggestions(text, text.length, { ...ctx, scope: 'groups' })?.options.map((o) => o.label);
    expect(groups('st')).toEqual(['status']);
    expect(labels('st')).toBeUndefined();
    expect(groups('status:')).toEqual(['unresolved', 'resolved', 'ignored']);
    expect(groups('meta')).toBeUndefined();
    expect(groups('h')).toBeUndefined();
    expect(labels('h')).toEqual(['host', 'has']);
    expect(groups('tags:p')).toEqual(['payments']);
  });

  it('stays quiet inside quotes, for an empty word and when nothing fits', () => {
    expect(labels('"meta')).toBeUndefined();
    expect(labels('a ')).toBeUndefined();
    expect(labels('zzz')).toBeUndefined();
    expect(labels('(lev')).toEqual(['level']);
  });
});
