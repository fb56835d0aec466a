-- The read side: indexes of the logs screen, group triage and notes.

-- The logs list filtered by level or environment, newest first.
CREATE INDEX logs_project_level_ts_idx ON logs (project_id, level, timestamp DESC);
CREATE INDEX logs_project_env_ts_idx ON logs (project_id, environment, timestamp DESC);

-- When a group was last resolved by a person; a reopened group keeps it, which marks it as a
-- regression until someone resolves or reopens it by hand.
ALTER TABLE log_groups ADD COLUMN resolved_at timestamptz;
CREATE INDEX log_groups_project_first_seen_idx ON log_groups (project_id, first_seen DESC);

-- Notes on a group: editors write, every member reads.
CREATE TABLE group_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES log_groups (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX group_notes_group_idx ON group_notes (group_id, created_at);
