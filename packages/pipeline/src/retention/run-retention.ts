import { PERF_LIMITS, perfRetentionDaysOf, retentionCutoff, retentionDaysOf, utcDay, type PlanPreset } from '@seyir/domain';
import {
  deleteEmptyGroups,
  deleteLogChunk,
  deleteOldPerfData,
  dropLogPartition,
  findLogPartitions,
  findOldestLogTime,
  findPartitionProjects,
  findProjectPlans,
  withRetentionLock,
  type DatabaseHandle,
} from '@seyir/db';
import type { LogArchiver } from './log-archiver.js';

const DAY_MS = 86_400_000;

export interface RetentionDeps {
  database: Pick<DatabaseHandle, 'sql' | 'transaction' | 'session'>;
  planPreset: PlanPreset;
  /** Called before each project × day is deleted; see LogArchiver. Default none. */
  archiver?: LogArchiver | undefined;
  /** Logs deleted per transaction when deleting row by row. Default 5,000. */
  chunkSize?: number;
  /** A run stops starting new work after this long and the next run goes on. Default 10 minutes. */
  budgetMs?: number;
  /** Told about a project × day or partition skipped because of an error (the run goes on). */
  onSkip?: (what: { projectId?: string; day: string; error: unknown }) => void;
}

export interface RetentionReport {
  /** Days whose whole partition was dropped. */
  droppedDays: string[];
  /** Logs removed, by partition drops and row deletes together. */
  deletedLogs: number;
  /** Groups removed because no log of theirs was left. */
  deletedGroups: number;
  /** Project × days (or partitions) left for the next run because archiving or deleting failed. */
  skipped: { projectId?: string; day: string }[];
  /** The run stopped at its time budget; the next one continues. */
  budgetExhausted: boolean;
  /** Performance rows removed: minute and hourly/daily rollups, request details past their keeping time. */
  deletedPerfRows: number;
}

/**
 * Deletes logs past their project's retention (the plan of the project's owner), keeping groups
 * and hourly rollups consistent (monthly usage is billing and is not given back):
 * 1. whole daily partitions older than the longest retention in use are dropped (cheap: no row
 *    is deleted one by one);
 * 2. each project's remaining logs older than its own retention are deleted day by day, in
 *    bounded chunks (the shorter plans, and days held in `logs_default`);
 * 3. groups left without logs are deleted;
 * 4. performance data past its keeping time: minute rollups after 2 days, request details after
 *    7, each project's hourly and daily rollups after its plan's `performance.retentionDays`.
 * Before any project × day goes, the archiver (if any) is asked to keep it; a failure skips it.
 * Answers undefined when another run is in progress (only one runs at a time across processes).
 */
export async function runRetention(deps: RetentionDeps, now: Date): Promise<RetentionReport | undefined> {
  return withRetentionLock(deps.database, () => retain(deps, now));
}

async function retain(deps: RetentionDeps, now: Date): Promise<RetentionReport> {
  const { database, archiver } = deps;
  const chunkSize = deps.chunkSize ?? 5_000;
  const deadline = Date.now() + (deps.budgetMs ?? 600_000);
  const report: RetentionReport = { droppedDays: [], deletedLogs: 0, deletedGroups: 0, skipped: [], budgetExhausted: false, deletedPerfRows: 0 };
  const projects = (await findProjectPlans(database.sql)).map((p) => ({ ...p, cutoff: retentionCutoff(now, retentionDaysOf(p.plan, deps.planPreset)) }));
  // No project at all: keep what the longest plan would keep.
  const longest = projects.length ? Math.max(...projects.map((p) => retentionDaysOf(p.plan, deps.planPreset))) : retentionDaysOf('', deps.planPreset);
  const globalCutoff = retentionCutoff(now, longest);
  const touched = new Set<string>();
  const archived = new Set<string>();
  const failed = new Set<string>();
  const skip = (day: string, error: unknown, projectId?: string) => {
    report.skipped.push(projectId ? { projectId, day } : { day });
    if (projectId) failed.add(`${projectId}|${day}`);
    deps.onSkip?.({ ...(projectId ? { projectId } : {}), day, error });
  };
  const archive = async (projectId: string, day: string): Promise<boolean> => {
    const key = `${projectId}|${day}`;
    if (!archiver || archived.has(key)) return true;
    if (failed.has(key)) return false;
    const from = new Date(`${day}T00:00:00Z`);
    try {
      await archiver.archiveDay({ projectId, day, from, to: new Date(from.getTime() + DAY_MS) });
      archived.add(key);
      return true;
    } catch (error) {
      skip(day, error, projectId);
      return false;
    }
  };
  const outOfTime = () => {
    if (Date.now() > deadline) report.budgetExhausted = true;
    return report.budgetExhausted;
  };

  // 1. Whole days no plan in use keeps any more.
  for (const partition of await findLogPartitions(database.sql)) {
    if (new Date(`${partition.day}T00:00:00Z`).getTime() + DAY_MS > globalCutoff.getTime() || outOfTime()) break;
    let allowed: Set<string> | undefined;
    if (archiver) {
      allowed = new Set();
      for (const projectId of await findPartitionProjects(database.sql, partition.name)) if (await archive(projectId, partition.day)) allowed.add(projectId);
    }
    try {
      const dropped = await dropLogPartition(database, partition, allowed ? { allowedProjects: allowed } : {});
      if (!dropped) continue; // some project's day is not archived: its rows are deleted one by one below
      report.droppedDays.push(partition.day);
      report.deletedLogs += dropped.logs;
      for (const p of dropped.projects) touched.add(p);
    } catch (error) {
      skip(partition.day, error);
    }
  }

  // 2. Each project's logs past its own retention that are still stored, one day at a time.
  for (const project of projects) {
    let from = new Date(0);
    while (!outOfTime()) {
      const oldest = await findOldestLogTime(database.sql, project.projectId, from, project.cutoff);
      if (!oldest) break;
      const day = utcDay(oldest);
      const dayStart = new Date(`${day}T00:00:00Z`);
      const dayEnd = new Date(dayStart.getTime() + DAY_MS);
      from = dayEnd;
      if (!(await archive(project.projectId, day))) continue;
      try {
        let n: number;
        do {
          n = await deleteLogChunk(database, project.projectId, dayStart, dayEnd, chunkSize);
          report.deletedLogs += n;
          if (n > 0) touched.add(project.projectId);
        } while (n === chunkSize && !outOfTime());
      } catch (error) {
        skip(day, error, project.projectId);
      }
    }
  }

  // 3. Groups whose every log is gone.
  for (const project of projects) {
    if (!touched.has(project.projectId)) continue;
    report.deletedGroups += await deleteEmptyGroups(database, project.projectId, project.cutoff);
  }

  // 4. Performance data (no archive: rollups and samples, not logs).
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  try {
    report.deletedPerfRows = await deleteOldPerfData(database.sql, {
      minutesBefore: ago(PERF_LIMITS.minuteRollupDays),
      requestsBefore: ago(PERF_LIMITS.requestDetailDays),
      batchesBefore: ago(2),
      rollupsBefore: projects.map((p) => ({ projectId: p.projectId, cutoff: retentionCutoff(now, perfRetentionDaysOf(p.plan, deps.planPreset)) })),
    });
  } catch (error) {
    deps.onSkip?.({ day: utcDay(now), error });
  }
  return report;
}
