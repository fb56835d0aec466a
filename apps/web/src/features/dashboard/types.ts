/** §3 Dashboard stats. */
export interface DashboardStats {
  totalLogs: number;
  totalLogsChange: number;
  errorLogs: number;
  errorLogsChange: number;
  projects: number;
  todayLogs: number;
  todayLogsChange: number;
}

/** §3 Activity item: a day and its counts per level. */
export interface ActivityItem {
  date: string;
  INFO: number;
  WARNING: number;
  ERROR: number;
  CRITICAL: number;
  DEBUG: number;
}

export interface DistributionItem {
  level: string;
  count: number;
}

export const RECENT_LOGS_LIMIT = 10;
export const ACTIVITY_DAYS = 7;
