-- Group status per environment ("resolve in staging only") and the trigram index of log search.

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

-- Log search: one trigram index over the searched text (message, exception type, exception
-- value, newline-separated so a phrase never spans two fields). The search's regular expressions
-- ([iİıI]-style case classes, see searchPattern) are served by it. Created only where pg_trgm is
-- available: PostgreSQL ships it in contrib; the embedded PGlite loads it at start. Without it
-- search still works, by scanning.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX logs_search_trgm_idx ON logs USING gin (
      (message || E'\n' || coalesce(exception->>'type', '') || E'\n' || coalesce(exception->>'value', exception->>'message', '')) gin_trgm_ops
    );
  END IF;
END
$$;
