import {
  activityDays,
  dashboardPeriods,
  DEFAULT_TIME_ZONE,
  LOG_LEVELS,
  percentChange,
  type ActivityItem,
  type DashboardStats,
  type DistributionItem,
  type LogItem,
} from '@seyir/domain';
import { findMemberProjectIds, findRecentLogs, sumRollupsByLevel, sumRollupsByLevelInRanges } from '@seyir/db';
import type { AppDeps } from '../deps.js';
import { presentLogItem } from './logs.js';

type ReadDeps = Pick<AppDeps, 'database' | 'now'>;
const ERROR_LEVELS = ['ERROR', 'CRITICAL'];
const DAY_MS = 24 * 3_600_000;

function sum(byLevel: Map<string, number>, levels?: readonly string[]): number {
  return [...byLevel.entries()].reduce((a, [level, n]) => (levels && !levels.includes(level) ? a : a + n), 0);
}

/**
 * §3 Dashboard stats over every project the user is a member of, from the rollups (one
 * statement for the four periods). totalLogs and errorLogs (ERROR + CRITICAL): the last 30
 * days (720 hours up to the end of the current hour) against the 30 days before. todayLogs:
 * since midnight in Europe/Istanbul against the same hours of yesterday. Changes are
 * percentages with one decimal (100 from zero).
 */
export async function getDashboardStats(deps: ReadDeps, userId: string): Promise<DashboardStats> {
  const projectIds = await findMemberProjectIds(deps.database.sql, userId);
  const p = dashboardPeriods(deps.now(), DEFAULT_TIME_ZONE);
  const [last30, previous30, today, yesterday] = await sumRollupsByLevelInRanges(deps.database.sql, projectIds, {}, [p.last30, p.previous30, p.today, p.yesterday]);
  const errors = sum(last30!, ERROR_LEVELS);
  const total = sum(last30!);
  const todayLogs = sum(today!);
  return {
    totalLogs: total,
    totalLogsChange: percentChange(total, sum(previous30!)),
    errorLogs: errors,
    errorLogsChange: percentChange(errors, sum(previous30!, ERROR_LEVELS)),
    projects: projectIds.length,
    todayLogs,
    todayLogsChange: percentChange(todayLogs, sum(yesterday!)),
  };
}

/**
 * One §3 Activity item per local day (Europe/Istanbul) of the last `days`, oldest first. An
 * Istanbul day is one daily rollup bucket, so a week reads seven rows per level and environment.
 */
export async function findActivity(deps: ReadDeps, userId: string, days: number): Promise<ActivityItem[]> {
  const projectIds = await findMemberProjectIds(deps.database.sql, userId);
  const window = activityDays(deps.now(), days, DEFAULT_TIME_ZONE);
  const perDay = await sumRollupsByLevelInRanges(deps.database.sql, projectIds, {}, window);
  return window.map(({ date }, i) => {
    const item: ActivityItem = { date, INFO: 0, WARNING: 0, ERROR: 0, CRITICAL: 0, DEBUG: 0 };
    for (const [level, count] of perDay[i]!) if (level in item) item[level as keyof Omit<ActivityItem, 'date'>] += count;
    return item;
  });
}

/** Logs per level over the last `days` days (default 30, like totalLogs), all five levels. */
export async function findDistribution(deps: ReadDeps, userId: string, days: number): Promise<DistributionItem[]> {
  const projectIds = await findMemberProjectIds(deps.database.sql, userId);
  const before = dashboardPeriods(deps.now(), DEFAULT_TIME_ZONE).last30.before;
  const byLevel = await sumRollupsByLevel(deps.database.sql, projectIds, { from: new Date(before.getTime() - days * DAY_MS), before });
  return LOG_LEVELS.map((level) => ({ level, count: byLevel.get(level) ?? 0 }));
}

/** The newest logs across the user's projects. */
export async function findRecent(deps: ReadDeps, userId: string, limit: number): Promise<LogItem[]> {
  const projectIds = await findMemberProjectIds(deps.database.sql, userId);
  return (await findRecentLogs(deps.database.sql, projectIds, limit, deps.now())).map((row) => presentLogItem(row));
}
