/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same data set. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  private hexPool = '';
  private hexOffset = 0;

  /**
   * 32 hex digits (the random part of an id), drawn from a pool refilled from this generator
   * 64 KB at a time: ids are the hot path of seeding.
   */
  hex32(): string {
    if (this.hexOffset + 32 > this.hexPool.length) {
      const bytes = new Uint32Array(8192);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (this.next() * 4294967296) >>> 0;
      this.hexPool = Buffer.from(bytes.buffer).toString('hex');
      this.hexOffset = 0;
    }
    this.hexOffset += 32;
    return this.hexPool.slice(this.hexOffset - 32, this.hexOffset);
  }
}

/**
 * Picks indexes by weight in O(log n) (cumulative weights, binary search): used for the
 * Zipf-like spread of logs over groups and the mix of environments.
 */
export class WeightedPicker {
  private readonly cumulative: Float64Array;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => {
      sum += w;
      this.cumulative[i] = sum;
    });
    for (let i = 0; i < this.cumulative.length; i++) this.cumulative[i]! /= sum;
  }

  pick(random: Random): number {
    const x = random.next();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
