import { z } from 'zod';
import { GROUP_STATUSES } from './group-queries.js';

const json = z.record(z.string(), z.unknown()).nullable();

/** A log as listed (§3 Log without its heavy parts): `has_exception` tells whether there is more. */
export const LogItemSchema = z.object({
  _id: z.string(),
  id: z.string(),
  project_id: z.string(),
  timestamp: z.string(),
  level: z.string(),
  message: z.string(),
  environment: z.string(),
  host: z.string(),
  tags: z.array(z.string()),
  group_id: z.string().nullable(),
  has_exception: z.boolean(),
  /** The extra columns the list was asked for (`fields`), by key; a missing value is null. */
  fields: z.record(z.string(), z.unknown()).optional(),
});
export type LogItem = z.infer<typeof LogItemSchema>;

/** The whole §3 Log. */
export const LogDetailSchema = LogItemSchema.extend({
  logger: z.string(),
  release: z.string(),
  received_at: z.string(),
  metadata: json,
  context: json,
  exception: json,
  request: json,
  response: json,
});
export type LogDetail = z.infer<typeof LogDetailSchema>;

/** The logs screen's four count cards, for the same filters as the list. */
export const LogCountsSchema = z.object({ total: z.number(), error: z.number(), warning: z.number(), info: z.number() });
export type LogCounts = z.infer<typeof LogCountsSchema>;

export const LogPageSchema = z.object({
  items: z.array(LogItemSchema),
  total: z.number(),
  skip: z.number(),
  limit: z.number(),
  /** True when a searched total stopped at the count cap: `total` is then a lower bound. */
  total_is_estimate: z.boolean(),
  counts: LogCountsSchema,
});
export type LogPage = z.infer<typeof LogPageSchema>;

/** §3 Log stats. */
export const LogStatsSchema = z.object({
  total_logs: z.number(),
  level_distribution: z.record(z.string(), z.number()),
  total_is_estimate: z.boolean(),
});
export type LogStats = z.infer<typeof LogStatsSchema>;

/** A group's status in one environment (its own, or the group's when none was set there). */
export const GroupEnvironmentStatusSchema = z.object({
  environment: z.string(),
  status: z.enum(GROUP_STATUSES),
  is_regression: z.boolean(),
  resolved_at: z.string().nullable(),
  /** True when set for this environment alone; false when it follows the group's status. */
  is_override: z.boolean(),
});
export type GroupEnvironmentStatus = z.infer<typeof GroupEnvironmentStatusSchema>;

/**
 * §3 Log group, plus its triage state and how it was grouped. `status`, `is_regression` and
 * `resolved_at` are the group's in every environment, or in the environment the request names.
 */
export const LogGroupSchema = z.object({
  _id: z.string(),
  id: z.string(),
  project_id: z.string(),
  sample_message: z.string(),
  level: z.string(),
  environment: z.string().nullable(),
  environments: z.array(z.string()),
  tags: z.array(z.string()),
  severity: z.enum(['high', 'medium', 'low']),
  count: z.number(),
  is_recent: z.boolean(),
  last_seen: z.string(),
  first_seen: z.string(),
  /** How many users the group touched (up to 1,000 are kept). */
  users_count: z.number(),
  /** The users (`id:…`, `email:…`, …): all of them for one group, the first 10 in a groups list. */
  users_affected: z.array(z.string()),
  status: z.enum(GROUP_STATUSES),
  /** Reopened by a new log after it had been resolved (cleared when resolved again). */
  is_regression: z.boolean(),
  resolved_at: z.string().nullable(),
  /** The status in each environment the group was seen in. */
  environment_statuses: z.array(GroupEnvironmentStatusSchema),
  template: z.string(),
  kind: z.string(),
  reason: z.string(),
  last_log_id: z.string().nullable(),
});
export type LogGroup = z.infer<typeof LogGroupSchema>;

export const GroupPageSchema = z.object({
  items: z.array(LogGroupSchema),
  total: z.number(),
  pagination: z.object({ skip: z.number(), limit: z.number(), has_more: z.boolean() }),
});
export type GroupPage = z.infer<typeof GroupPageSchema>;

/** §3 Groups summary. */
export const GroupsSummarySchema = z.object({
  summary: z.object({ total_groups: z.number(), active_groups: z.number(), error_groups: z.number(), total_logs: z.number() }),
});
export type GroupsSummary = z.infer<typeof GroupsSummarySchema>;

export const GroupLogsPageSchema = z.object({ items: z.array(LogItemSchema), total: z.number(), total_is_estimate: z.boolean() });
export type GroupLogsPage = z.infer<typeof GroupLogsPageSchema>;

export const GroupNoteSchema = z.object({
  _id: z.string(),
  id: z.string(),
  text: z.string(),
  author: z.object({ username: z.string().nullable() }),
  created_at: z.string(),
});
export type GroupNote = z.infer<typeof GroupNoteSchema>;

/** §3 Dashboard stats; each change is in percent against the previous equal period. */
export const DashboardStatsSchema = z.object({
  totalLogs: z.number(),
  totalLogsChange: z.number(),
  errorLogs: z.number(),
  errorLogsChange: z.number(),
  projects: z.number(),
  todayLogs: z.number(),
  todayLogsChange: z.number(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** §3 Activity item. */
export const ActivityItemSchema = z.object({
  date: z.string(),
  INFO: z.number(),
  WARNING: z.number(),
  ERROR: z.number(),
  CRITICAL: z.number(),
  DEBUG: z.number(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

/** §3 Distribution item. */
export const DistributionItemSchema = z.object({ level: z.string(), count: z.number() });
export type DistributionItem = z.infer<typeof DistributionItemSchema>;
