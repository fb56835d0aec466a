-- Log search served by trigram indexes (pg_trgm), one on the message and a partial one on the
-- exception's type and value (only logs with an exception: a small share). The search's
-- regular expressions ([iİıI]-style case classes, see searchPattern in the domain) use them
-- through a BitmapOr; see logs-filter-sql.ts, whose expressions these must match.
-- Replaces 0005's first index over all three fields, which cost twice as much to build.
-- Without pg_trgm (a PostgreSQL without contrib) search still works, by scanning.
DROP INDEX IF EXISTS logs_search_trgm_idx;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX logs_message_trgm_idx ON logs USING gin (message gin_trgm_ops);
    CREATE INDEX logs_exception_trgm_idx ON logs USING gin (
      (coalesce(exception->>'type', '') || E'\n' || coalesce(exception->>'value', exception->>'message', '')) gin_trgm_ops
    ) WHERE exception IS NOT NULL;
  END IF;
END
$$;
