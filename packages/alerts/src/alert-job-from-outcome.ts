import type { AlertEvaluationJob } from '@seyir/domain';
import type { BatchOutcome, TimingOutcome } from '@seyir/pipeline';

/**
 * What a processed batch means for alerts, or undefined when there is nothing to evaluate: it
 * stored nothing (a retry), or its project has no enabled rule and it crossed no quota threshold.
 * Built from the outcome the pipeline already answers: no extra query on the ingest path.
 */
export function alertJobFromOutcome(outcome: BatchOutcome, atMs: number): AlertEvaluationJob | undefined {
  if (outcome.inserted === 0 || !outcome.alertable) return undefined;
  const perGroup = new Map<string, number>();
  const levels = new Map<string, { level: string; environment: string; count: number }>();
  for (const log of outcome.insertedLogs) {
    perGroup.set(log.groupId, (perGroup.get(log.groupId) ?? 0) + 1);
    const key = `${log.level}|${log.environment}`;
    const entry = levels.get(key) ?? { level: log.level, environment: log.environment, count: 0 };
    entry.count++;
    levels.set(key, entry);
  }
  return {
    projectId: outcome.projectId,
    atMs,
    groups: outcome.groups.slice(0, 1000).map((g) => ({
      groupId: g.groupId,
      count: perGroup.get(g.groupId) ?? 0,
      isNew: g.isNew,
      regressed: g.regressed,
      regressedEnvironments: g.regressedEnvironments.slice(0, 50),
    })),
    levels: [...levels.values()].slice(0, 5000),
    inserted: outcome.inserted,
    timings: [],
  };
}

/**
 * What a processed timing batch means for alerts (latency and error_rate rules), or undefined
 * when it added nothing (a retry) or its project has no such rule. Built from the outcome: no
 * extra query on the ingest path.
 */
export function alertJobFromTimings(outcome: TimingOutcome, atMs: number): AlertEvaluationJob | undefined {
  if (outcome.added === 0 || !outcome.alertable || outcome.routes.length === 0) return undefined;
  return { projectId: outcome.projectId, atMs, groups: [], levels: [], inserted: 0, timings: outcome.routes.slice(0, 1000) };
}
