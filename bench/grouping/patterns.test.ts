import { describe, expect, it } from 'vitest';
import { groupContents } from './patterns.js';

describe('patterns CLI grouping', () => {
  it('gives one group per template, in input order, following later merges', () => {
    const groups = groupContents([
      'Invalid user admin from 10.0.0.1',
      'Accepted password for root',
      'Invalid user oracle from 10.0.0.2',
      'Invalid user test from 10.0.0.3',
      'Invalid user guest from 10.0.0.4',
    ]);
    expect(groups).toHaveLength(5);
    expect(new Set([groups[0], groups[2], groups[3], groups[4]]).size).toBe(1);
    expect(groups[1]).not.toBe(groups[0]);
  });
});
