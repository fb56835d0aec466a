import { describe, expect, it } from 'vitest';
import { idempotentLogIds, logIdFor, timeOfLogId } from './log-id.js';

describe('log ids', () => {
  it('are unique UUIDv7s carrying the log time, across refills of the random pool', () => {
    const at = Date.UTC(2026, 10, 22, 9);
    const ids = Array.from({ length: 1000 }, (_, i) => logIdFor(at + i));
    expect(new Set(ids).size).toBe(1000);
    ids.forEach((id, i) => expect(timeOfLogId(id)).toBe(at + i));
  });

  it('are the same for the same project, Idempotency-Key, item and time, and differ otherwise', () => {
    const at = Date.UTC(2026, 10, 22, 9);
    const id = idempotentLogIds('p1', 'key-1')(at, 0);
    expect(idempotentLogIds('p1', 'key-1')(at, 0)).toBe(id);
    expect(timeOfLogId(id)).toBe(at);
    const others = [idempotentLogIds('p1', 'key-1')(at, 1), idempotentLogIds('p1', 'key-2')(at, 0), idempotentLogIds('p2', 'key-1')(at, 0), idempotentLogIds('p1', 'key-1')(at + 1, 0)];
    expect(new Set([id, ...others]).size).toBe(5);
  });

  it('differ for every item of a full batch sent at one instant', () => {
    const at = Date.UTC(2026, 10, 22, 9);
    const idOf = idempotentLogIds('p1', 'key-1');
    const ids = Array.from({ length: 1000 }, (_, i) => idOf(at, i));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('carry times up to the largest a UUIDv7 holds', () => {
    const late = Date.UTC(9999, 11, 31);
    expect(timeOfLogId(logIdFor(late))).toBe(late);
    expect(timeOfLogId(logIdFor(-5))).toBe(0);
  });
});
