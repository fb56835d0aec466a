-- Plan changes (pro-rata, recorded; no payment processor), archive settings per project,
-- the archive files written, and password-reset tokens.

-- Every plan change with the pro-rata charge (> 0) or credit (< 0) for the rest of the month.
CREATE TABLE plan_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  from_plan text NOT NULL,
  to_plan text NOT NULL,
  -- kuruş (1/100 ₺), rounded to the nearest kuruş, halves away from zero
  amount_kurus integer NOT NULL,
  days_remaining integer NOT NULL,
  days_in_month integer NOT NULL,
  beta boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX plan_changes_user_idx ON plan_changes (user_id, created_at DESC);

-- Where a project's expired logs go before deletion (S3-compatible object storage).
-- The secret is AES-256-GCM ciphertext ('v1:' iv.tag.data, base64url) under SEYIR_ARCHIVE_KEY.
CREATE TABLE project_archives (
  project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  region text NOT NULL DEFAULT 'us-east-1',
  bucket text NOT NULL,
  prefix text NOT NULL DEFAULT '',
  access_key_id text NOT NULL,
  secret_encrypted text NOT NULL,
  last_archived_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Each (project, UTC day) file written and verified; the retention job deletes only such days.
CREATE TABLE archive_exports (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  day date NOT NULL,
  object_key text NOT NULL,
  bytes bigint NOT NULL,
  sha256 text NOT NULL,
  log_count bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, day)
);

-- Single-use password-reset tokens, valid for an hour; only the sha-256 of a token is stored.
CREATE TABLE password_reset_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);
