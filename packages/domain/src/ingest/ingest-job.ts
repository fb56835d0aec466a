import { z } from 'zod';
import { ExceptionSchema } from '../log/exception.js';
import { LOG_LEVELS } from '../log/levels.js';
import { INGEST_LIMITS } from './limits.js';

const jsonObject = z.record(z.string(), z.unknown()).nullable();

/** One accepted log inside a job: its id was assigned at ingest (retries reuse it). */
export const JobLogSchema = z.object({
  id: z.uuid(),
  message: z.string(),
  level: z.enum(LOG_LEVELS),
  timestampMs: z.number().int(),
  clampedFrom: z.string().optional(),
  environment: z.string().max(64),
  host: z.string(),
  logger: z.string(),
  release: z.string(),
  tags: z.array(z.string()),
  metadata: jsonObject,
  context: jsonObject,
  exception: ExceptionSchema.nullable(),
  request: jsonObject,
  response: jsonObject,
  fingerprint: z.array(z.string()).nullable(),
});
export type JobLog = z.infer<typeof JobLogSchema>;

/** The payload of a BullMQ `ingest` job: one accepted batch of one project. */
export const IngestJobSchema = z.object({
  batchId: z.uuid(),
  projectId: z.uuid(),
  receivedAtMs: z.number().int(),
  logs: z.array(JobLogSchema).min(1).max(INGEST_LIMITS.maxBatchLogs),
});
export type IngestJob = z.infer<typeof IngestJobSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEVELS: ReadonlySet<string> = new Set(LOG_LEVELS);
const isObjectOrNull = (v: unknown) => v === null || (typeof v === 'object' && !Array.isArray(v));
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * What IngestJobSchema accepts, checked by hand: the worker reads every job from Redis and the
 * schema's parse cost it 3 µs per log (bench:ingest: a tenth of its CPU). Exceptions, rare and
 * deep, still go through ExceptionSchema. `ingest-job.test.ts` holds it to the schema. Answers
 * the job (exceptions as parsed), or undefined.
 */
export function readIngestJob(data: unknown): IngestJob | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const job = data as Record<string, unknown>;
  if (typeof job.batchId !== 'string' || !UUID.test(job.batchId) || typeof job.projectId !== 'string' || !UUID.test(job.projectId)) return undefined;
  if (!Number.isSafeInteger(job.receivedAtMs) || !Array.isArray(job.logs) || job.logs.length < 1 || job.logs.length > INGEST_LIMITS.maxBatchLogs) return undefined;
  const logs: JobLog[] = [];
  for (const item of job.logs as unknown[]) {
    const log = readJobLog(item);
    if (!log) return undefined;
    logs.push(log);
  }
  return { batchId: job.batchId, projectId: job.projectId, receivedAtMs: job.receivedAtMs as number, logs };
}

function readJobLog(item: unknown): JobLog | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const log = item as Record<string, unknown>;
  if (typeof log.id !== 'string' || !UUID.test(log.id) || typeof log.message !== 'string' || typeof log.level !== 'string' || !LEVELS.has(log.level)) return undefined;
  if (!Number.isSafeInteger(log.timestampMs) || (log.clampedFrom !== undefined && typeof log.clampedFrom !== 'string')) return undefined;
  if (typeof log.environment !== 'string' || log.environment.length > 64 || typeof log.host !== 'string' || typeof log.logger !== 'string' || typeof log.release !== 'string') return undefined;
  if (!isStringArray(log.tags) || !(log.fingerprint === null || isStringArray(log.fingerprint))) return undefined;
  if (!isObjectOrNull(log.metadata) || !isObjectOrNull(log.context) || !isObjectOrNull(log.request) || !isObjectOrNull(log.response)) return undefined;
  let exception: JobLog['exception'] = null;
  if (log.exception !== null) {
    const parsed = ExceptionSchema.safeParse(log.exception);
    if (!parsed.success) return undefined;
    exception = parsed.data;
  }
  return {
    id: log.id,
    message: log.message,
    level: log.level as JobLog['level'],
    timestampMs: log.timestampMs as number,
    ...(log.clampedFrom === undefined ? {} : { clampedFrom: log.clampedFrom as string }),
    environment: log.environment,
    host: log.host,
    logger: log.logger,
    release: log.release,
    tags: log.tags as string[],
    metadata: log.metadata as JobLog['metadata'],
    context: log.context as JobLog['context'],
    exception,
    request: log.request as JobLog['request'],
    response: log.response as JobLog['response'],
    fingerprint: log.fingerprint as string[] | null,
  };
}

/** Name of the BullMQ queue of ingest batches. */
export const INGEST_QUEUE = 'ingest';
