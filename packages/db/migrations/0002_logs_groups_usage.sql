-- The log stream and its projections (groups, hourly rollups, monthly usage).

-- Every log. Partitioned by day on its own timestamp, so retention drops whole days cheaply.
-- The id is a UUIDv7 made from the log's timestamp at ingest: a retried batch inserts the
-- same (project, timestamp, id) again and ON CONFLICT skips it, and a lookup by id alone can
-- prune to one partition.
CREATE TABLE logs (
  project_id uuid NOT NULL,
  id uuid NOT NULL,
  timestamp timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  level text NOT NULL,
  environment text NOT NULL,
  message text NOT NULL,
  host text NOT NULL DEFAULT '',
  logger text NOT NULL DEFAULT '',
  release text NOT NULL DEFAULT '',
  group_id uuid,
  tags text[] NOT NULL DEFAULT '{}',
  metadata jsonb,
  context jsonb,
  exception jsonb,
  request jsonb,
  response jsonb,
  is_overage boolean NOT NULL DEFAULT false,
  PRIMARY KEY (project_id, timestamp, id)
) PARTITION BY RANGE (timestamp);
CREATE INDEX logs_group_idx ON logs (group_id, timestamp DESC);
-- Catches timestamps no daily partition covers yet (the maintenance job creates days ahead).
CREATE TABLE logs_default PARTITION OF logs DEFAULT;

-- One row per (project, fingerprint): the group's counters are a projection of its logs.
CREATE TABLE log_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  kind text NOT NULL,
  template text NOT NULL,
  reason text NOT NULL DEFAULT '',
  grouping_version text NOT NULL DEFAULT 'v1',
  sample_message text NOT NULL,
  level text NOT NULL,
  environments text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  users_affected text[] NOT NULL DEFAULT '{}',
  count bigint NOT NULL DEFAULT 0,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  last_log_id uuid,
  status text NOT NULL DEFAULT 'unresolved' CHECK (status IN ('unresolved', 'resolved', 'ignored')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, fingerprint)
);
CREATE INDEX log_groups_project_last_seen_idx ON log_groups (project_id, last_seen DESC);

-- Template-miner state shared by every worker (see packages/pipeline/src/template-store.ts).
CREATE TABLE message_templates (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  template_id text NOT NULL,
  tokens jsonb NOT NULL,
  seq bigserial,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, template_id)
);
CREATE TABLE message_template_aliases (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  alias_id text NOT NULL,
  template_id text NOT NULL,
  seq bigserial,
  PRIMARY KEY (project_id, alias_id)
);

-- Counts per project × hour × level × environment: dashboards and count cards read these.
CREATE TABLE log_rollups_hourly (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  level text NOT NULL,
  environment text NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, hour, level, environment)
);

-- Logs per account (the projects' owner) and month, for quota and overage.
CREATE TABLE usage_monthly (
  account_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month date NOT NULL,
  logs bigint NOT NULL DEFAULT 0,
  overage_logs bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, month)
);

-- Quota crossings (80 %, 100 %, every further 10,000 logs) recorded once, for alerts to deliver.
CREATE TABLE usage_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('quota_80', 'quota_100', 'overage')),
  threshold bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  UNIQUE (account_id, month, kind, threshold)
);

-- Server-side scrubbing settings per project (null: defaults on).
ALTER TABLE projects ADD COLUMN scrub_settings jsonb;
