import { randomUUID } from 'node:crypto';
import type { JobLog } from '@seyir/domain';
import { newJobLog, processBatch, TemplateStore, type BatchOutcome } from '@seyir/pipeline';
import type { TestGateway } from '../test/test-gateway.js';

/** A log to seed: a message and a time, the rest defaulted. */
export type SeedLog = Partial<Omit<JobLog, 'id' | 'timestampMs'>> & { message: string; at: number };

/**
 * Stores logs the way the worker does (groups, rollups, usage), straight through
 * `processBatch`: in PostgreSQL test mode no worker consumes the ingest queue.
 */
export function logSeeder(gw: TestGateway): (projectId: string, logs: SeedLog[]) => Promise<BatchOutcome & { ids: string[] }> {
  const deps = { database: gw.deps.database, templates: new TemplateStore(gw.deps.database.sql), planPreset: 'pricing' as const };
  return async (projectId, logs) => {
    const jobLogs: JobLog[] = logs.map(({ at, ...log }) => newJobLog({ ...log, timestampMs: at }));
    const outcome = await processBatch(deps, { batchId: randomUUID(), projectId, receivedAtMs: Date.now(), logs: jobLogs });
    return { ...outcome, ids: jobLogs.map((l) => l.id) };
  };
}
