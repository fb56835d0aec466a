-- The search language (issue 10): indexes for custom-field filters, and saved views.

-- `tags:payments` compiles to `tags @> ARRAY['payments']`; `metadata.user_id:42` and
-- `context.order.id:"A-17"` to `metadata @> '{"user_id":42}'` (containment), which a
-- jsonb_path_ops GIN index answers. Created on the partitioned parent, so every existing and
-- future day partition gets its own copy. request/response (up to 64 KB each) are not indexed:
-- their filters run on the rows the other conditions and the time range leave.
CREATE INDEX logs_tags_gin_idx ON logs USING gin (tags);
CREATE INDEX logs_metadata_gin_idx ON logs USING gin (metadata jsonb_path_ops);
CREATE INDEX logs_context_gin_idx ON logs USING gin (context jsonb_path_ops);

-- Saved views: a named query and the columns shown, per project. Editors write, members read.
CREATE TABLE saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  -- Turkish-folded name: one view per name and project whatever the case.
  name_key text NOT NULL,
  query text NOT NULL CHECK (char_length(query) <= 1000),
  columns text[] NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT saved_views_project_name_key UNIQUE (project_id, name_key)
);
