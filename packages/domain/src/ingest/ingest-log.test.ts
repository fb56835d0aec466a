import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readIngestJob } from './ingest-job.js';
import { normalizeIngestLog, type ItemResult } from './ingest-log.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ok = (result: ItemResult) => {
  if (!result.ok) throw new Error(result.detail);
  return result.log;
};

describe('normalizeIngestLog', () => {
  it('reads tags as text (numbers too), trimmed and once each, and refuses too many, too long or other kinds', () => {
    expect(ok(normalizeIngestLog({ message: 'a', tags: [' ödeme ', 'ödeme', 42, '', 'api'] }, { nowMs: NOW })).tags).toEqual(['ödeme', '42', 'api']);
    expect(ok(normalizeIngestLog({ message: 'a', tags: Array(50).fill('t') }, { nowMs: NOW })).tags).toEqual(['t']);
    const refused = { ok: false, detail: 'tags en fazla 50 metinden oluşan bir dizi olmalıdır (her biri en fazla 200 karakter).' };
    expect(normalizeIngestLog({ message: 'a', tags: Array(51).fill('t') }, { nowMs: NOW })).toEqual(refused);
    expect(normalizeIngestLog({ message: 'a', tags: ['x'.repeat(201)] }, { nowMs: NOW })).toEqual(refused);
    expect(normalizeIngestLog({ message: 'a', tags: ['a', { b: 1 }] }, { nowMs: NOW })).toEqual(refused);
    expect(normalizeIngestLog({ message: 'a', tags: [true] }, { nowMs: NOW })).toEqual(refused);
    expect(normalizeIngestLog({ message: 'a', tags: 'ödeme' }, { nowMs: NOW })).toEqual(refused);
  });

  it('maps level aliases case-insensitively and refuses unknown levels', () => {
    expect(ok(normalizeIngestLog({ message: 'a', level: 'warn' }, { nowMs: NOW })).level).toBe('WARNING');
    expect(ok(normalizeIngestLog({ message: 'a', level: 'FATAL' }, { nowMs: NOW })).level).toBe('CRITICAL');
    expect(ok(normalizeIngestLog({ message: 'a' }, { nowMs: NOW })).level).toBe('INFO');
    expect(normalizeIngestLog({ message: 'a', level: 'LOUD' }, { nowMs: NOW })).toEqual({
      ok: false,
      detail: 'Geçersiz seviye. DEBUG, INFO, WARNING, ERROR veya CRITICAL olmalıdır.',
    });
  });

  it('reads ISO 8601 and epoch seconds or milliseconds, clamps the far future and flags it', () => {
    const at = NOW - 60_000;
    expect(ok(normalizeIngestLog({ message: 'a', timestamp: new Date(at).toISOString() }, { nowMs: NOW })).timestampMs).toBe(at);
    expect(ok(normalizeIngestLog({ message: 'a', timestamp: at / 1000 }, { nowMs: NOW })).timestampMs).toBe(at);
    expect(ok(normalizeIngestLog({ message: 'a', timestamp: at }, { nowMs: NOW })).timestampMs).toBe(at);
    const future = ok(normalizeIngestLog({ message: 'a', timestamp: '2030-01-01T00:00:00Z' }, { nowMs: NOW }));
    expect(future.timestampMs).toBe(NOW);
    expect(future.clampedFrom).toBe('2030-01-01T00:00:00Z');
  });

  it('keeps epoch times with a fraction as whole milliseconds, which a worker accepts in a job', () => {
    const at = NOW - 60_000;
    for (const timestamp of [(at + 0.5241) / 1000, at + 0.5, `${(at + 0.9) / 1000}`]) {
      const log = ok(normalizeIngestLog({ message: 'a', timestamp }, { nowMs: NOW }));
      expect(log.timestampMs).toBe(at);
      const job = { batchId: randomUUID(), projectId: randomUUID(), receivedAtMs: NOW, logs: [{ id: randomUUID(), ...log }] };
      expect(readIngestJob(job)?.logs[0]?.timestampMs).toBe(at);
    }
  });

  it('keeps an exception without a message, named after its type and value', () => {
    expect(ok(normalizeIngestLog({ exception: { type: 'ValueError', value: 'bad amount' } }, { nowMs: NOW })).message).toBe('ValueError: bad amount');
    expect(normalizeIngestLog({ level: 'ERROR' }, { nowMs: NOW })).toEqual({ ok: false, detail: 'message alanı gereklidir.' });
  });

  it('refuses an object field over 64 KB, and skips measuring when the whole body was smaller than that', () => {
    const big = { metadata: { blob: 'x'.repeat(70_000) }, message: 'a' };
    expect(normalizeIngestLog(big, { nowMs: NOW })).toEqual({ ok: false, detail: 'metadata alanı en fazla 65536 karakter olabilir.' });
    expect(normalizeIngestLog(big, { nowMs: NOW, sourceChars: 80_000 })).toEqual({ ok: false, detail: 'metadata alanı en fazla 65536 karakter olabilir.' });
    const small = { metadata: { user: 42 }, message: 'a' };
    expect(ok(normalizeIngestLog(small, { nowMs: NOW, sourceChars: 40 })).metadata).toEqual({ user: 42 });
    expect(normalizeIngestLog({ message: 'a', context: [1, 2] }, { nowMs: NOW, sourceChars: 40 })).toEqual({ ok: false, detail: 'context alanı bir JSON nesnesi olmalıdır.' });
  });

  it('measures a field exactly when its escapes may take it past 64 KB', () => {
    // 10,000 control characters serialise as \u0001 each: 60,000 characters, under the limit…
    const under = { message: 'a', metadata: { raw: '\u0001'.repeat(10_000) } };
    expect(ok(normalizeIngestLog(under, { nowMs: NOW })).metadata).toEqual(under.metadata);
    // …and 11,000 of them 66,000, over it, though the string is only 11,000 long.
    const over = { message: 'a', metadata: { raw: '\u0001'.repeat(11_000) } };
    expect(normalizeIngestLog(over, { nowMs: NOW })).toEqual({ ok: false, detail: 'metadata alanı en fazla 65536 karakter olabilir.' });
  });

  it('refuses an object field nested deeper than 64 levels, with the rest of the batch unharmed', () => {
    const nest = (levels: number) => JSON.parse(`{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`) as unknown;
    expect(ok(normalizeIngestLog({ message: 'a', context: nest(64) }, { nowMs: NOW, sourceChars: 200 })).context).toEqual(nest(64));
    expect(normalizeIngestLog({ message: 'a', context: nest(65) }, { nowMs: NOW, sourceChars: 200 })).toEqual({ ok: false, detail: 'context alanı en fazla 64 düzey iç içe olabilir.' });
    // Deep enough that serialising it would overflow the stack: still a per-item error, not a throw.
    expect(normalizeIngestLog({ message: 'a', metadata: nest(300_000) }, { nowMs: NOW })).toEqual({ ok: false, detail: 'metadata alanı en fazla 64 düzey iç içe olabilir.' });
  });
});
