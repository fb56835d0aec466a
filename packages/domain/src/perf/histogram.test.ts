import { describe, expect, it } from 'vitest';
import {
  apdex,
  bucketOf,
  bucketUpper,
  bucketValue,
  DenseHistogram,
  exactPercentile,
  forEachPackedText,
  HISTOGRAM_BUCKETS,
  HISTOGRAM_RELATIVE_ERROR,
  LatencyHistogram,
} from './histogram.js';
import { perfWindow, rollupSegments } from './window.js';
import { normalizeTimingRecord } from './timing-record.js';

/** Deterministic PRNG so the test is reproducible. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('latency histogram', () => {
  it('answers every value within 1 % of itself', () => {
    const random = mulberry32(1);
    let worst = 0;
    let outside = 0;
    for (let i = 0; i < 200_000; i++) {
      const v = 0.011 + random() ** 4 * 3_000_000;
      const k = bucketOf(v);
      worst = Math.max(worst, Math.abs(bucketValue(k) - v) / v);
      if (bucketUpper(k) < v * (1 - 1e-12) || bucketUpper(k - 1) > v * (1 + 1e-12)) outside++;
    }
    expect(worst).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR + 1e-12);
    expect(worst).toBeGreaterThan(0.009);
    expect(outside).toBe(0);
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(10 * 3_600_000)).toBe(HISTOGRAM_BUCKETS - 1);
    expect(HISTOGRAM_BUCKETS).toBeLessThan(1100);
  });

  it('gives p50/p95/p99 within 1 % of the exact nearest-rank percentiles, after merging', () => {
    const random = mulberry32(7);
    const parts = [new LatencyHistogram(), new LatencyHistogram(), new LatencyHistogram()];
    const raw: number[] = [];
    for (let i = 0; i < 60_000; i++) {
      // log-normal around 80 ms, with a slow tail
      const u = Math.max(1e-12, random());
      const v = Math.exp(Math.log(80) + 0.8 * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random()));
      raw.push(v);
      parts[i % 3]!.record(v);
    }
    const merged = new LatencyHistogram();
    for (const p of parts) merged.addPacked(p.packed());
    raw.sort((a, b) => a - b);
    expect(merged.total).toBe(raw.length);
    const qs = [0.5, 0.95, 0.99, 0.999];
    const answers = merged.percentiles(qs);
    qs.forEach((q, i) => {
      const exact = exactPercentile(raw, q);
      expect(Math.abs(answers[i]! - exact) / exact).toBeLessThanOrEqual(HISTOGRAM_RELATIVE_ERROR);
      expect(merged.percentile(q)).toBe(answers[i]);
    });
  });

  it('answers the same from a dense merge of stored rows (numbers or PostgreSQL array text) as from the sparse histogram', () => {
    const random = mulberry32(3);
    const rows = Array.from({ length: 40 }, () => new LatencyHistogram());
    const all = new LatencyHistogram();
    for (let i = 0; i < 20_000; i++) {
      const v = 0.005 + random() ** 3 * 4_000_000; // includes bucket 0 and the last bucket
      rows[i % rows.length]!.record(v);
      all.record(v);
    }
    const qs = [0.01, 0.5, 0.95, 0.99, 1];
    const dense = new DenseHistogram();
    for (const [i, row] of rows.entries()) dense.addPacked(i % 2 ? row.packed() : `{${row.packed().join(',')}}`);
    expect(dense.total).toBe(all.total);
    expect(dense.percentiles(qs)).toEqual(all.percentiles(qs));
    expect(apdex(dense, 300)).toBe(apdex(all, 300));
    // Compact form (the cache's) round-trips; clear() leaves nothing behind for the next route.
    const again = new DenseHistogram().addCompact(dense.compact());
    expect(again.percentiles(qs)).toEqual(all.percentiles(qs));
    dense.clear().addPacked(rows[0]!.packed());
    expect(dense.percentiles(qs)).toEqual(rows[0]!.percentiles(qs));
    expect(new DenseHistogram().percentiles([0.5])).toEqual([null]);
    const seen: [number, number][] = [];
    forEachPackedText('{4294967298,12884901889}', (k, c) => seen.push([k, c]));
    expect(seen).toEqual([[1, 2], [3, 1]]);
    forEachPackedText('{}', () => seen.push([0, 0]));
    expect(seen).toHaveLength(2);
  });

  it('computes Apdex from the buckets', () => {
    const h = new LatencyHistogram();
    for (let i = 0; i < 60; i++) h.record(100); // satisfied at T = 500
    for (let i = 0; i < 30; i++) h.record(1000); // tolerating (≤ 2000)
    for (let i = 0; i < 10; i++) h.record(5000); // frustrated
    expect(apdex(h, 500)).toBe(0.75);
    expect(apdex(new LatencyHistogram(), 500)).toBeNull();
  });
});

describe('performance windows', () => {
  it('covers whole hours up to the current one and splits 30 days into days and edge hours', () => {
    const w = perfWindow(new Date('2026-03-10T10:20:00Z'), 30);
    expect(w.current.before.toISOString()).toBe('2026-03-10T11:00:00.000Z');
    expect(w.current.from.toISOString()).toBe('2026-02-08T11:00:00.000Z');
    expect(w.previous.before).toEqual(w.current.from);
    const s = rollupSegments(w.current);
    expect(s.days?.from.toISOString()).toBe('2026-02-09T00:00:00.000Z');
    expect(s.days?.before.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(s.hours.map((h) => [h.from.toISOString(), h.before.toISOString()])).toEqual([
      ['2026-02-08T11:00:00.000Z', '2026-02-09T00:00:00.000Z'],
      ['2026-03-10T00:00:00.000Z', '2026-03-10T11:00:00.000Z'],
    ]);
    expect(rollupSegments(perfWindow(new Date('2026-03-10T10:20:00Z'), 1).current).days).toBeNull();
  });
});

describe('timing records', () => {
  const now = Date.parse('2026-03-10T10:00:00Z');
  it('keeps the route template, upper-cases the method and refuses bad records in Turkish', () => {
    const ok = normalizeTimingRecord({ route: '/orders/{id}?x=1', method: 'get', status: 200, duration_ms: 12.5, request_id: 'abc' }, now);
    expect(ok).toMatchObject({ ok: true, timing: { route: '/orders/{id}', method: 'GET', environment: 'production', timestampMs: now } });
    expect(normalizeTimingRecord({ route: '/x', method: 'GET', status: 700, duration_ms: 1 }, now)).toEqual({ ok: false, detail: expect.stringContaining('status') });
    expect(normalizeTimingRecord({ route: '', method: 'GET', status: 200, duration_ms: 1 }, now)).toMatchObject({ ok: false });
    expect(normalizeTimingRecord({ route: '/x', method: 'GET', status: 200, duration_ms: -1 }, now)).toMatchObject({ ok: false, detail: expect.stringContaining('duration_ms') });
    expect(normalizeTimingRecord({ route: '/x', method: 'GET', status: 200, duration_ms: 1, timestamp: now / 1000 - 2 * 3600 }, now)).toMatchObject({ ok: false, detail: expect.stringContaining('1 saat') });
    expect(normalizeTimingRecord('x', now)).toMatchObject({ ok: false });
    // Object fields: within 64 nesting levels (deeper ones used to overflow the stack when measured).
    const deep = JSON.parse(`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`) as unknown;
    expect(normalizeTimingRecord({ route: '/x', method: 'GET', status: 200, duration_ms: 1, request: deep }, now)).toEqual({ ok: false, detail: 'request alanı en fazla 64 düzey iç içe olabilir.' });
    expect(normalizeTimingRecord({ route: '/x', method: 'GET', status: 200, duration_ms: 1, response: { body: 'x'.repeat(70_000) } }, now)).toEqual({ ok: false, detail: 'response alanı en fazla 65536 karakter olabilir.' });
  });
});
