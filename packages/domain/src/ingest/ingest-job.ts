import { z } from 'zod';
import { ExceptionSchema } from '../log/exception.js';
import { LOG_LEVELS } from '../log/levels.js';

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
  logs: z.array(JobLogSchema).min(1).max(1000),
});
export type IngestJob = z.infer<typeof IngestJobSchema>;

/** Name of the BullMQ queue of ingest batches. */
export const INGEST_QUEUE = 'ingest';
