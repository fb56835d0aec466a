-- Alert rules, their cool-down state, their delivery log, and the key that signs mute links.

CREATE TABLE alert_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('new_group', 'regression', 'threshold', 'quota')),
  -- [{type:'email',to:[...]}, {type:'webhook',url,secret}, {type:'slack',url}] (validated by the domain schema)
  channels jsonb NOT NULL,
  conditions jsonb NOT NULL DEFAULT '{}',
  cooldown_minutes integer NOT NULL DEFAULT 30 CHECK (cooldown_minutes BETWEEN 1 AND 1440),
  enabled boolean NOT NULL DEFAULT true,
  -- Set by the mute link in an alert: no alerts of this rule until then.
  muted_until timestamptz,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_rules_project_idx ON alert_rules (project_id);

-- Cool-down per rule and subject (a group id, or '*' for the whole rule). The first event
-- sends at once and opens a window; events inside it are held (counted, some groups kept)
-- and sent as one digest when the window ends.
CREATE TABLE alert_states (
  rule_id uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  subject text NOT NULL,
  window_ends_at timestamptz NOT NULL,
  last_sent_at timestamptz NOT NULL,
  held_count bigint NOT NULL DEFAULT 0,
  held_groups uuid[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (rule_id, subject)
);
CREATE INDEX alert_states_due_idx ON alert_states (window_ends_at) WHERE held_count > 0;

-- One message on one channel: the delivery log admins see, and the unit a delivery job sends.
CREATE TABLE alert_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rule_id uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('alert', 'digest', 'test', 'quota')),
  channel_index integer NOT NULL,
  channel_type text NOT NULL CHECK (channel_type IN ('email', 'webhook', 'slack')),
  target text NOT NULL,
  title text NOT NULL,
  message jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX alert_deliveries_rule_idx ON alert_deliveries (rule_id, created_at DESC);

-- Quota crossings (usage_events) already announced by a rule: each is sent once per rule.
CREATE TABLE alert_quota_notices (
  rule_id uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  usage_event_id uuid NOT NULL REFERENCES usage_events (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, usage_event_id)
);

-- HMAC key of mute links, made once per installation from the server's strong random source
-- (gen_random_uuid), so gateways and workers share it without another setting.
CREATE TABLE alert_signing_keys (
  id integer PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
);
INSERT INTO alert_signing_keys (id, secret)
VALUES (1, replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
