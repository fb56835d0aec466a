import { z } from 'zod';
import { READ_MESSAGES as M } from './messages.js';
import { intParam, withoutBlanks } from './query-params.js';

/** §9: the dashboard's activity window (7 days) and recent logs (10). */
export const ACTIVITY_DEFAULT_DAYS = 7;
export const ACTIVITY_MAX_DAYS = 90;
export const RECENT_DEFAULT_LIMIT = 10;
export const RECENT_MAX_LIMIT = 50;
/** The distribution covers the same 30 days as `totalLogs` unless `days` says otherwise. */
export const DISTRIBUTION_DEFAULT_DAYS = 30;

/** GET /api/v1/dashboard/logs/activity. */
export const ActivityQuerySchema = z.preprocess(
  withoutBlanks,
  z.object({ days: intParam({ min: 1, max: ACTIVITY_MAX_DAYS, default: ACTIVITY_DEFAULT_DAYS, message: M.activityDaysInvalid }) }),
);

/** GET /api/v1/dashboard/logs/distribution. */
export const DistributionQuerySchema = z.preprocess(
  withoutBlanks,
  z.object({ days: intParam({ min: 1, max: ACTIVITY_MAX_DAYS, default: DISTRIBUTION_DEFAULT_DAYS, message: M.activityDaysInvalid }) }),
);

/** GET /api/v1/dashboard/logs/recent. */
export const RecentLogsQuerySchema = z.preprocess(
  withoutBlanks,
  z.object({ limit: intParam({ min: 1, max: RECENT_MAX_LIMIT, default: RECENT_DEFAULT_LIMIT, message: M.limitInvalid(RECENT_MAX_LIMIT) }) }),
);
