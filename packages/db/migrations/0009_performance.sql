-- Performance monitoring: request timings from the framework integrations, kept as rollups.

-- A project's routes (method + route template). The id is what the API calls routeId.
CREATE TABLE perf_routes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  method text NOT NULL,
  route text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, method, route)
);

-- Merges two sparse latency histograms: each element is bucket * 2^32 + count (see
-- packages/domain/src/perf/histogram.ts), buckets ascending.
CREATE FUNCTION perf_hist_merge(a bigint[], b bigint[]) RETURNS bigint[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg((s.k << 32) + s.c ORDER BY s.k), '{}'::bigint[])
  FROM (SELECT e >> 32 AS k, sum(e & 4294967295)::bigint AS c FROM unnest(a || b) AS e GROUP BY 1) s
$$;

-- Rollups per project × route × environment × period, at three resolutions (res: minutes per
-- row: 1, 60, 1440), all written by the worker as timings arrive: minute rows for alerts and
-- recent detail, hourly and daily rows so a 30-day query reads ~30 rows per route.
CREATE TABLE perf_rollups (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  res smallint NOT NULL CHECK (res IN (1, 60, 1440)),
  t timestamptz NOT NULL,
  route_id bigint NOT NULL REFERENCES perf_routes (id) ON DELETE CASCADE,
  environment text NOT NULL,
  count bigint NOT NULL,
  errors bigint NOT NULL,
  duration_sum_ms double precision NOT NULL,
  hist bigint[] NOT NULL,
  PRIMARY KEY (project_id, res, t, route_id, environment)
);
CREATE INDEX perf_rollups_route_idx ON perf_rollups (route_id, res, t);

-- Requests kept with their detail: slow and failed ones (sent with request/response by the
-- client) and the slowest of each route in a batch. Kept 7 days.
CREATE TABLE perf_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  route_id bigint NOT NULL REFERENCES perf_routes (id) ON DELETE CASCADE,
  timestamp timestamptz NOT NULL,
  environment text NOT NULL,
  status smallint NOT NULL,
  duration_ms double precision NOT NULL,
  request_id text,
  release text NOT NULL DEFAULT '',
  host text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('slow', 'error', 'slowest')),
  request jsonb,
  response jsonb
);
CREATE INDEX perf_requests_route_idx ON perf_requests (route_id, timestamp DESC);
CREATE INDEX perf_requests_age_idx ON perf_requests (timestamp);

-- Timing batches already processed: a retried job adds nothing twice.
CREATE TABLE perf_batches (
  batch_id uuid PRIMARY KEY,
  processed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX perf_batches_age_idx ON perf_batches (processed_at);
