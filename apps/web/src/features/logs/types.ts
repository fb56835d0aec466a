/** §3 Log as the API answers it. */
export interface LogException {
  type?: string;
  message?: string;
  value?: string;
  traceback?: string;
}

export interface LogResponseInfo {
  reason_phrase?: string;
  error_details?: { django_traceback?: string } | null;
  [key: string]: unknown;
}

export interface LogEntry {
  _id: string;
  id?: string;
  project_id: string;
  timestamp: string;
  level: string;
  message: string;
  environment?: string | null;
  host?: string | null;
  tags?: string[] | null;
  metadata?: Record<string, unknown> | null;
  context?: Record<string, unknown> | null;
  exception?: LogException | null;
  request?: Record<string, unknown> | null;
  response?: LogResponseInfo | null;
  group_id?: string | null;
  has_exception?: boolean;
  /** Extra columns the list was asked for (`fields`: logger, release, custom keys), by key. */
  fields?: Record<string, unknown>;
}

/** The logs screen's four count cards, for the same filters as the list (§3 list `counts`). */
export interface LogCounts {
  total: number;
  error: number;
  warning: number;
  info: number;
}

export interface LogsResponse {
  items: LogEntry[];
  total: number;
  skip: number;
  limit: number;
  /** Searched totals stop at a cap: `total` is then a lower bound. */
  total_is_estimate?: boolean;
  counts?: LogCounts;
}

/** The cached page plus the count of live logs that arrived but are not shown. */
export interface LogsPage extends LogsResponse {
  pending: number;
}

/** §3 Log filter parameters used by the logs screen (§7 names). */
export interface LogFilters {
  level: string;
  environment: string;
  /** The search language (packages/domain/src/query). */
  q: string;
  start_time: string;
  end_time: string;
}

export interface LogsQueryArgs extends Partial<LogFilters> {
  /** The older plain-words search (old links still carry it). */
  search?: string;
  /** Comma-separated extra columns each log should carry (a saved view's custom ones). */
  fields?: string;
  projectId: string;
  skip: number;
  limit: number;
}

export const LOGS_PAGE_SIZE = 50;
