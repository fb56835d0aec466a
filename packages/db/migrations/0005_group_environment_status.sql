-- Group status per environment ("resolve in staging only") and pg_trgm for log search.

-- A status set for one environment of a group. The group's own status (log_groups.status) holds
-- in every environment that has no row here. resolved_at: as on log_groups, kept when a new log
-- in that environment reopens it, which marks a regression there.
CREATE TABLE log_group_environment_status (
  group_id uuid NOT NULL REFERENCES log_groups (id) ON DELETE CASCADE,
  environment text NOT NULL,
  status text NOT NULL CHECK (status IN ('unresolved', 'resolved', 'ignored')),
  resolved_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, environment)
);

-- Log search: pg_trgm where available (PostgreSQL ships it in contrib; the embedded PGlite
-- loads it at start). Its indexes are in 0005_search_trigram_indexes (sorted after this file).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  END IF;
END
$$;
