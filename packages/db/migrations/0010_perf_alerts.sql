-- Alert rules on performance data: latency (p95 of a route over N ms for M minutes) and
-- error_rate (5xx share over X % for M minutes), evaluated on timing batches.
ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_type_check;
ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_type_check
  CHECK (type IN ('new_group', 'regression', 'threshold', 'quota', 'latency', 'error_rate'));
