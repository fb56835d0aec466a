import { describe, expect, it } from 'vitest';
import { logIdFor, timeOfLogId } from './log-id.js';

describe('log ids', () => {
  it('are unique UUIDv7s carrying the log time, across refills of the random pool', () => {
    const at = Date.UTC(2026, 10, 22, 9);
    const ids = Array.from({ length: 1000 }, (_, i) => logIdFor(at + i));
    expect(new Set(ids).size).toBe(1000);
    ids.forEach((id, i) => expect(timeOfLogId(id)).toBe(at + i));
  });
});
