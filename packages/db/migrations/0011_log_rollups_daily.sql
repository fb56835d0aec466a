-- Daily log rollups: the hourly rollups (0002) summed per 24-hour bucket, so a 30-day count
-- reads ~30 rows per level and environment instead of ~720. Buckets start at 21:00 UTC, which
-- is midnight in Europe/Istanbul (UTC+3 all year since 2016), so a dashboard day in the
-- default time zone is exactly one bucket; other ranges read whole buckets here and their edge
-- hours from log_rollups_hourly. Written in the same statements and transactions as the hourly
-- rows (ingest, retention, group deletion), so the two always agree.
CREATE TABLE log_rollups_daily (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  day timestamptz NOT NULL,
  level text NOT NULL,
  environment text NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, day, level, environment)
);

INSERT INTO log_rollups_daily (project_id, day, level, environment, count)
SELECT project_id, date_bin('1 day', hour, TIMESTAMPTZ '2000-01-01 21:00:00+00'), level, environment, sum(count)
FROM log_rollups_hourly GROUP BY 1, 2, 3, 4;
