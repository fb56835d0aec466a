import { percentChange } from '../read/dashboard-periods.js';
import { histogramPercentiles, type HistogramView } from './histogram.js';
import type { PerfFigures, PerfRouteItem } from './responses.js';

/** Counts and latency distribution of some requests (a route, a step, a whole project). */
export interface PerfAggregate {
  count: number;
  errors: number;
  histogram: HistogramView;
}

function roundMs(ms: number | null): number | null {
  return ms === null ? null : Math.round(ms * 100) / 100;
}

/** Throughput, error rate and p50/p95/p99 of an aggregate over `minutes`. */
export function perfFigures(a: PerfAggregate, minutes: number): PerfFigures {
  const [p50, p95, p99] = histogramPercentiles(a.histogram, [0.5, 0.95, 0.99]);
  return {
    requests: a.count,
    throughput_per_min: Math.round((a.count / Math.max(1, minutes)) * 100) / 100,
    errors: a.errors,
    error_rate: a.count ? Math.round((a.errors / a.count) * 10_000) / 10_000 : 0,
    p50_ms: roundMs(p50 ?? null),
    p95_ms: roundMs(p95 ?? null),
    p99_ms: roundMs(p99 ?? null),
  };
}

/** Current figures against the previous period's. */
export function perfTrend(current: PerfFigures, previous: PerfFigures): PerfRouteItem['trend'] {
  return {
    throughput_change: percentChange(current.requests, previous.requests),
    p95_change: current.p95_ms !== null && previous.p95_ms !== null && previous.p95_ms > 0 ? percentChange(current.p95_ms, previous.p95_ms) : null,
    error_rate_change: percentChange(current.error_rate, previous.error_rate),
  };
}
