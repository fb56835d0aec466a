/** Answers of the performance API (snake_case, like the rest of /api/v1). */

export interface PerfFigures {
  requests: number;
  /** Requests per minute over the window. */
  throughput_per_min: number;
  errors: number;
  /** 5xx share, 0–1. */
  error_rate: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
}

export interface PerfRouteItem extends PerfFigures {
  id: string;
  method: string;
  route: string;
  trend: {
    /** Change of throughput against the previous period, %, one decimal. */
    throughput_change: number;
    /** Change of p95 against the previous period, %; null when either period has no requests. */
    p95_change: number | null;
    error_rate_change: number;
  };
}

export interface PerfRoutesPage {
  days: number;
  environment: string | null;
  items: PerfRouteItem[];
  /** Relative error bound of every percentile (0.01). */
  percentile_error_bound: number;
}

export interface PerfSeriesPoint {
  /** Start of the step, ISO. */
  t: string;
  requests: number;
  errors: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
}

export interface PerfRequestItem {
  timestamp: string;
  environment: string;
  status: number;
  duration_ms: number;
  request_id: string | null;
  release: string;
  host: string;
  /** Why it was kept: over the slow threshold, a failed request, or the slowest of its batch. */
  kind: 'slow' | 'error' | 'slowest';
  request: Record<string, unknown> | null;
  response: Record<string, unknown> | null;
  /** Path of the web app's logs screen for this request's logs (by request id), or null. */
  logs_url: string | null;
}

export interface PerfRouteDetail {
  route: { id: string; method: string; route: string };
  days: number;
  environment: string | null;
  figures: PerfFigures;
  step_seconds: number;
  series: PerfSeriesPoint[];
  slowest: PerfRequestItem[];
  percentile_error_bound: number;
}

export interface PerfSummary extends PerfFigures {
  days: number;
  environment: string | null;
  apdex: number | null;
  apdex_t_ms: number;
  routes: number;
  trend: PerfRouteItem['trend'];
  percentile_error_bound: number;
}
