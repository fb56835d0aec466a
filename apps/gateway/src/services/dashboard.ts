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
import { findMemberProjectIds, findRecentLogs, findRollupHours, sumRollupsByLevel, type RollupFilter } from '@seyir/db';
import type { AppDeps } from '../deps.js';
import { presentLogItem } from './logs.js';

type ReadDeps = Pick<AppDeps, 'database' | 'now'>;
const ERROR_LEVELS = ['ERROR', 'CRITICAL'];
const DAY_MS = 24 * 3_600_000;

async function total(deps: ReadDeps, projectIds: string[], filter: RollupFilter): Promise<number> {
  const byLevel = await sumRollupsByLevel(deps.database.sql, projectIds, filter);
  return [...byLevel.values()].reduce((a, b) => a + b, 0);
}

/**
 * §3 Dashboard stats over every project the user is a member of, from the hourly rollups.
 * totalLogs and errorLogs (ERROR + CRITICAL): the last 30 days (720 hours up to the end of
 * the current hour) against the 30 days before. todayLogs: since midnight in Europe/Istanbul
 * against the same hours of yesterday. Changes are percentages with one decimal (100 from zero).
 */
export async function getDashboardStats(deps: ReadDeps, userId: string): Promise<DashboardStats> {
  const projectIds = await findMemberProjectIds(deps.database.sql, userId);
  const p = dashboardPeriods(deps.now(), DEFAULT_TIME_ZONE);
  const [last30, previous30, errors, previousErrors, today, yesterday] = await Promise.all([
    total(deps, projectIds, p.last30),
    total(deps, projectIds, p.previous30),
    total(deps, projectIds, { ...p.last30, levels: ERROR_LEVELS }),
    total(deps, projectIds, { ...p.previous30, levels: ERROR_LEVELS }),
    total(deps, projectIds, p.today),
    total(deps, projectIds, p.yesterday),
  ]);
  return {
    totalLogs: last30,
    totalLogsChange: percentChange(last30, previous30),
    errorLogs: errors,
    errorLogsChange: percentChange(errors, previousErrors),
    projects: projectIds.length,
    todayLogs: today,
    todayLogsChange: percentChange(today, yesterday),
  };
}

/** One §3 Activity item per local day (Europe/Istanbul) of the last `days`, oldest first. */
export async function findActivity(deps: ReadDeps, userId: string, days: number): Promise<ActivityItem[]> {
  const projectIds = await findMemberProjectIds(deps.database.sql, userId);
  const window = activityDays(deps.now(), days, DEFAULT_TIME_ZONE);
  const items: ActivityItem[] = window.map(({ date }) => ({ date, INFO: 0, WARNING: 0, ERROR: 0, CRITICAL: 0, DEBUG: 0 }));
  const first = window[0];
  const last = window[window.length - 1];
  if (!first || !last) return items;
  const hours = await findRollupHours(deps.database.sql, projectIds, { from: first.from, before: last.before });
  let day = 0;
  for (const { hour, level, count } of hours) {
    while (day < window.length - 1 && hour >= window[day]!.before) day++;
    const item = items[day];
    if (item && level in item) item[level as keyof Omit<ActivityItem, 'date'>] += count;
  }
  return items;
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
