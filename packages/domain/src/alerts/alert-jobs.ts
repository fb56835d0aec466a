import { z } from 'zod';
import { HISTOGRAM_BUCKETS } from '../perf/histogram.js';

/** BullMQ queue of alert evaluation and delivery (distributed mode). */
export const ALERTS_QUEUE = 'alerts';

/**
 * What a stored batch means for alerts, built from the pipeline's outcome after its commit:
 * groups seen for the first time, groups reopened, and logs per group and level; or, for a
 * timing batch, requests per route.
 */
export const AlertEvaluationJobSchema = z.object({
  projectId: z.string().uuid(),
  atMs: z.number().int(),
  /** Per group touched by the batch: logs added, its level, whether it is new or reopened. */
  groups: z
    .array(
      z.object({
        groupId: z.string().uuid(),
        count: z.number().int().min(0),
        isNew: z.boolean(),
        regressed: z.boolean(),
        /** Environments where the group had been resolved alone and this batch reopened it. */
        regressedEnvironments: z.array(z.string()).max(50).default([]),
      }),
    )
    .max(1000)
    .default([]),
  /** Logs of the batch per level and environment (threshold rules). */
  levels: z.array(z.object({ level: z.string(), environment: z.string(), count: z.number().int().min(0) })).max(5000).default([]),
  inserted: z.number().int().min(0).default(0),
  /**
   * A timing batch (latency and error_rate rules): per route and environment its requests,
   * 5xx answers and latency histogram (packed, as stored in the rollups).
   */
  timings: z
    .array(
      z.object({
        routeId: z.string(),
        environment: z.string(),
        count: z.number().int().min(0),
        errors: z.number().int().min(0),
        hist: z.array(z.number().int().min(0)).max(HISTOGRAM_BUCKETS),
      }),
    )
    .max(1000)
    .default([]),
});
export type AlertEvaluationJob = z.infer<typeof AlertEvaluationJobSchema>;

/** Sends one delivery (one message on one channel); the id names a row of the delivery log. */
export const AlertDeliveryJobSchema = z.object({ deliveryId: z.string().uuid() });
export type AlertDeliveryJob = z.infer<typeof AlertDeliveryJobSchema>;
