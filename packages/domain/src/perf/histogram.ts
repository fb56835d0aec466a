/**
 * Latency histogram with fixed log-linear buckets (the DDSketch layout without collapsing).
 *
 * Bucket k ≥ 1 holds durations in (MIN·γ^(k-1), MIN·γ^k] with γ = (1+α)/(1-α), α = 1 %; bucket
 * 0 holds everything ≤ MIN (10 µs). A bucket is answered by 2·MIN·γ^k/(γ+1), which lies within
 * α of every value of its bucket: **a percentile read from a histogram is within 1 % (relative)
 * of the exact nearest-rank percentile of the raw durations** (for durations above 10 µs; below
 * it the error is under 10 µs absolute). Durations above MAX (1 h) count in the last bucket.
 *
 * The layout is fixed, so histograms of any minutes, hours, routes or processes merge by adding
 * counts bucket by bucket — exactly, with the same bound. Stored sparse: only non-empty buckets,
 * each packed into one integer `bucket · 2^32 + count` (a PostgreSQL `bigint[]`).
 */
export const HISTOGRAM_RELATIVE_ERROR = 0.01;
export const HISTOGRAM_GAMMA = (1 + HISTOGRAM_RELATIVE_ERROR) / (1 - HISTOGRAM_RELATIVE_ERROR);
/** Smallest resolved duration, ms. */
export const HISTOGRAM_MIN_MS = 0.01;
/** Largest resolved duration, ms (1 h). */
export const HISTOGRAM_MAX_MS = 3_600_000;
const LN_GAMMA = Math.log(HISTOGRAM_GAMMA);
/** Number of buckets (0 … HISTOGRAM_BUCKETS - 1). */
export const HISTOGRAM_BUCKETS = Math.ceil(Math.log(HISTOGRAM_MAX_MS / HISTOGRAM_MIN_MS) / LN_GAMMA) + 1;
const PACK = 2 ** 32;

/** Bucket index of a duration in ms. */
export function bucketOf(durationMs: number): number {
  if (!(durationMs > HISTOGRAM_MIN_MS)) return 0;
  if (durationMs >= HISTOGRAM_MAX_MS) return HISTOGRAM_BUCKETS - 1;
  const k = Math.ceil(Math.log(durationMs / HISTOGRAM_MIN_MS) / LN_GAMMA);
  // Guard against floating-point rounding at bucket edges.
  if (HISTOGRAM_MIN_MS * HISTOGRAM_GAMMA ** (k - 1) >= durationMs) return Math.max(1, k - 1);
  if (HISTOGRAM_MIN_MS * HISTOGRAM_GAMMA ** k < durationMs) return k + 1;
  return Math.max(1, k);
}

/** The value a bucket answers, ms. */
export function bucketValue(k: number): number {
  if (k <= 0) return HISTOGRAM_MIN_MS;
  return (2 * HISTOGRAM_MIN_MS * HISTOGRAM_GAMMA ** k) / (HISTOGRAM_GAMMA + 1);
}

/** Upper edge of a bucket (inclusive), ms. */
export function bucketUpper(k: number): number {
  return HISTOGRAM_MIN_MS * HISTOGRAM_GAMMA ** Math.max(0, k);
}

/** A histogram in memory: bucket → count. */
export class LatencyHistogram implements HistogramView {
  readonly counts = new Map<number, number>();
  total = 0;

  static fromPacked(packed: readonly (number | string)[]): LatencyHistogram {
    return new LatencyHistogram().addPacked(packed);
  }

  record(durationMs: number, times = 1): this {
    return this.addBucket(bucketOf(durationMs), times);
  }

  addBucket(k: number, count: number): this {
    if (count <= 0) return this;
    this.counts.set(k, (this.counts.get(k) ?? 0) + count);
    this.total += count;
    return this;
  }

  /** Adds a packed sparse histogram (as stored). */
  addPacked(packed: readonly (number | string)[]): this {
    forEachPacked(packed, (k, c) => this.addBucket(k, c));
    return this;
  }

  merge(other: LatencyHistogram): this {
    for (const [k, c] of other.counts) this.addBucket(k, c);
    return this;
  }

  /** Sparse packed form, buckets ascending. */
  packed(): number[] {
    return [...this.counts.entries()].sort((a, b) => a[0] - b[0]).map(([k, c]) => k * PACK + c);
  }

  eachAscending(each: (bucket: number, count: number) => void): void {
    for (const k of [...this.counts.keys()].sort((a, b) => a - b)) each(k, this.counts.get(k)!);
  }

  /**
   * Nearest-rank percentile (q in (0, 1]): the answer of the bucket holding the ⌈q·n⌉-th
   * smallest duration; null when empty.
   */
  percentile(q: number): number | null {
    return histogramPercentiles(this, [q])[0]!;
  }

  /** Several percentiles in one pass (qs ascending or not). */
  percentiles(qs: readonly number[]): (number | null)[] {
    return histogramPercentiles(this, qs);
  }

  /**
   * Requests at most `ms` long: whole buckets whose upper edge is ≤ ms (a bucket straddling
   * `ms` — under 2 % wide — counts as above it).
   */
  countAtMost(ms: number): number {
    return countAtMostOf(this, ms);
  }
}

/** What percentiles and Apdex need of a histogram, sparse or dense. */
export interface HistogramView {
  readonly total: number;
  /** Calls `each` for the non-empty buckets, ascending. */
  eachAscending(each: (bucket: number, count: number) => void): void;
}

/** Nearest-rank percentiles (each q in (0, 1]) of any histogram; null when empty. */
export function histogramPercentiles(h: HistogramView, qs: readonly number[]): (number | null)[] {
  if (h.total === 0) return qs.map(() => null);
  const order = qs.map((q, i) => ({ rank: Math.max(1, Math.ceil(q * h.total)), i })).sort((a, b) => a.rank - b.rank);
  const out: (number | null)[] = qs.map(() => null);
  let seen = 0;
  let last = 0;
  let j = 0;
  h.eachAscending((k, c) => {
    seen += c;
    last = k;
    while (j < order.length && order[j]!.rank <= seen) out[order[j++]!.i] = bucketValue(k);
  });
  for (; j < order.length; j++) out[order[j]!.i] = bucketValue(last);
  return out;
}

function countAtMostOf(h: HistogramView, ms: number): number {
  let n = 0;
  h.eachAscending((k, c) => {
    if (bucketUpper(k) <= ms * (1 + 1e-12)) n += c;
  });
  return n;
}

/** A merged histogram kept compactly (a cache entry): non-empty buckets ascending and their counts. */
export interface CompactHistogram {
  buckets: Uint16Array;
  counts: Float64Array;
}

/**
 * The read side's histogram: one counter per bucket (≈ 1,000 numbers), so merging thousands of
 * rollup rows is plain addition with no map lookups, and percentiles are one scan. Answers
 * exactly what a LatencyHistogram of the same buckets answers. Reusable: `clear()` resets only
 * the touched range.
 */
export class DenseHistogram implements HistogramView {
  readonly counts = new Float64Array(HISTOGRAM_BUCKETS);
  total = 0;
  private lo = HISTOGRAM_BUCKETS;
  private hi = -1;

  addBucket(k: number, count: number): this {
    if (!(count > 0)) return this;
    const b = k < 0 ? 0 : k >= HISTOGRAM_BUCKETS ? HISTOGRAM_BUCKETS - 1 : k;
    this.counts[b]! += count;
    this.total += count;
    if (b < this.lo) this.lo = b;
    if (b > this.hi) this.hi = b;
    return this;
  }

  /** Adds a packed sparse histogram (as stored), given as numbers or PostgreSQL's text form `{e,e,…}`. */
  addPacked(packed: readonly (number | string)[] | string): this {
    if (typeof packed === 'string') {
      forEachPackedText(packed, (k, c) => this.addBucket(k, c));
      return this;
    }
    forEachPacked(packed, (k, c) => this.addBucket(k, c));
    return this;
  }

  addCompact(h: CompactHistogram): this {
    for (let i = 0; i < h.buckets.length; i++) this.addBucket(h.buckets[i]!, h.counts[i]!);
    return this;
  }

  eachAscending(each: (bucket: number, count: number) => void): void {
    for (let k = this.lo; k <= this.hi; k++) if (this.counts[k]! > 0) each(k, this.counts[k]!);
  }

  percentiles(qs: readonly number[]): (number | null)[] {
    return histogramPercentiles(this, qs);
  }

  countAtMost(ms: number): number {
    return countAtMostOf(this, ms);
  }

  compact(): CompactHistogram {
    let n = 0;
    for (let k = this.lo; k <= this.hi; k++) if (this.counts[k]! > 0) n++;
    const out = { buckets: new Uint16Array(n), counts: new Float64Array(n) };
    let i = 0;
    for (let k = this.lo; k <= this.hi; k++) {
      if (this.counts[k]! > 0) {
        out.buckets[i] = k;
        out.counts[i++] = this.counts[k]!;
      }
    }
    return out;
  }

  clear(): this {
    if (this.hi >= this.lo) this.counts.fill(0, this.lo, this.hi + 1);
    this.total = 0;
    this.lo = HISTOGRAM_BUCKETS;
    this.hi = -1;
    return this;
  }
}

/**
 * Calls `each(bucket, count)` for every entry of a packed histogram in PostgreSQL's array text
 * form (`{e,e,…}`, or without braces), reading digits in place: no substring or array per entry.
 */
/** Calls `each` with the bucket and count of every entry of a packed sparse histogram (as stored). */
export function forEachPacked(packed: readonly (number | string)[], each: (bucket: number, count: number) => void): void {
  for (const raw of packed) {
    const entry = Number(raw);
    const k = Math.floor(entry / PACK);
    each(k, entry - k * PACK);
  }
}

export function forEachPackedText(text: string, each: (bucket: number, count: number) => void): void {
  let value = 0;
  let digits = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 44;
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      digits = true;
    } else if (code === 44 || code === 125) {
      if (digits) {
        const k = Math.floor(value / PACK);
        each(k, value - k * PACK);
      }
      value = 0;
      digits = false;
    }
  }
}

/**
 * Apdex for threshold T (ms): (satisfied + tolerating / 2) / total, satisfied ≤ T, tolerating
 * ≤ 4T; requests that failed (5xx) count as frustrated whatever their duration. Null when empty.
 */
export function apdex(histogram: HistogramView, thresholdMs: number, errors = 0): number | null {
  if (histogram.total === 0) return null;
  const satisfied = countAtMostOf(histogram, thresholdMs);
  const tolerating = countAtMostOf(histogram, 4 * thresholdMs) - satisfied;
  // Errors are spread over the buckets; take them out of the satisfied share first (an estimate).
  const satisfiedOk = Math.max(0, satisfied - errors);
  const toleratingOk = Math.max(0, tolerating - Math.max(0, errors - satisfied));
  return Math.round(((satisfiedOk + toleratingOk / 2) / histogram.total) * 1000) / 1000;
}

/** Exact nearest-rank percentile of raw durations (sorted ascending), for tests and benchmarks. */
export function exactPercentile(sorted: ArrayLike<number>, q: number): number {
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1]!;
}
