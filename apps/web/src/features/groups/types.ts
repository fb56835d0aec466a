import type { LogEntry } from '../logs/types';

export type GroupStatus = 'unresolved' | 'resolved' | 'ignored';

/** §3 Log group. */
export interface LogGroup {
  _id: string;
  id?: string;
  project_id?: string;
  sample_message: string;
  level: string;
  environment?: string | null;
  tags?: string[] | null;
  severity?: string | null;
  count: number;
  is_recent?: boolean;
  last_seen: string;
  first_seen: string;
  users_count?: number;
  users_affected?: string[];
  status?: GroupStatus;
}

export interface GroupsResponse {
  items: LogGroup[];
  total: number;
  pagination: { skip: number; limit: number; has_more: boolean };
}

export interface GroupsSummary {
  summary: { total_groups: number; active_groups: number; error_groups: number; total_logs: number };
}

export interface GroupsQueryArgs {
  projectId: string;
  /** The search language, groups scope. */
  q?: string;
  environment?: string;
  level?: string;
  days: number;
  skip: number;
  limit: number;
  sort_by: GroupSortField;
  sort_order: 'asc' | 'desc';
}

export interface GroupLogsResponse {
  items: LogEntry[];
  total: number;
}

export interface GroupNote {
  _id: string;
  id?: string;
  text: string;
  author?: { username?: string } | null;
  username?: string;
  created_at: string;
}

export const GROUP_SORT_FIELDS = ['last_seen', 'first_seen', 'count'] as const;
export type GroupSortField = (typeof GROUP_SORT_FIELDS)[number];
/** §9: group days filter options (default 7). */
export const GROUP_DAY_OPTIONS = [1, 3, 7, 14, 30, 90] as const;
export const GROUPS_PAGE_SIZE = 20;
/** §9: at most 3 tags per row. */
export const MAX_VISIBLE_TAGS = 3;

/** Users a group touched: `users_count`, else the length of `users_affected`. */
export function groupUsers(group: LogGroup): number {
  return group.users_count ?? group.users_affected?.length ?? 0;
}
