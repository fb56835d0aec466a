import { describe, expect, it } from 'vitest';
import { idempotentLogId, logIdFor, timeOfLogId } from './log-id.js';

describe('log ids', () => {
  it('are unique UUIDv7s carrying the log time, across refills of the random pool', () => {
    const at = Date.UTC(2026, 10, 22, 9);
    const ids = Array.from({ length: 1000 }, (_, i) => logIdFor(at + i));
    expect(new Set(ids).size).toBe(1000);
    ids.forEach((id, i) => expect(timeOfLogId(id)).toBe(at + i));
  });

  it('are the same for the same project, Idempotency-Key, item and time, and differ otherwise', () => {
    const at = Date.UTC(2026, 10, 22, 9);
    const id = idempotentLogId(at, 'p1', 'key-1', 0);
    expect(idempotentLogId(at, 'p1', 'key-1', 0)).toBe(id);
    expect(timeOfLogId(id)).toBe(at);
    const others = [idempotentLogId(at, 'p1', 'key-1', 1), idempotentLogId(at, 'p1', 'key-2', 0), idempotentLogId(at, 'p2', 'key-1', 0), idempotentLogId(at + 1, 'p1', 'key-1', 0)];
    expect(new Set([id, ...others]).size).toBe(5);
  });
});
