import { z } from 'zod';
import { ALERT_DELIVERY_KINDS, ALERT_TYPES } from './schemas.js';

/** The evidence of one group: what an alert about it shows. */
export const AlertGroupEvidenceSchema = z.object({
  id: z.string(),
  sampleMessage: z.string(),
  level: z.string(),
  environments: z.array(z.string()),
  count: z.number(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** The last log's exception (type, value) and its stack, innermost lines kept. */
  exception: z.object({ type: z.string(), value: z.string(), stack: z.string() }).nullable(),
  link: z.string(),
});
export type AlertGroupEvidence = z.infer<typeof AlertGroupEvidenceSchema>;

/**
 * What one alert says, independent of the channel: stored on each delivery (so a retry sends
 * the same thing) and sent as the webhook body.
 */
export const AlertMessageSchema = z.object({
  kind: z.enum(ALERT_DELIVERY_KINDS),
  rule: z.object({ id: z.string(), name: z.string(), type: z.enum(ALERT_TYPES) }),
  project: z.object({ id: z.string(), name: z.string() }),
  /** One line, Turkish: the subject of the e-mail, the first line of the Slack message. */
  title: z.string(),
  at: z.string(),
  group: AlertGroupEvidenceSchema.nullable(),
  threshold: z
    .object({ count: z.number(), level: z.string(), minutes: z.number(), environment: z.string().nullable(), search: z.string().nullable(), observed: z.number() })
    .nullable(),
  /** latency / error_rate: the rule's limit and what the last `minutes` minutes showed. */
  performance: z
    .object({
      kind: z.enum(['latency', 'error_rate']),
      /** 'GET /orders/{id}', or null: every route together. */
      route: z.string().nullable(),
      environment: z.string().nullable(),
      minutes: z.number(),
      /** p95 ms (latency) or percent of 5xx (error_rate). */
      limit: z.number(),
      /** Lowest and highest per-minute value of the window (every minute was over the limit). */
      observedMin: z.number(),
      observedMax: z.number(),
      requests: z.number(),
      /** Digest: requests over the limit (latency) or failed (error_rate) held during the cool-down. */
      held: z.number().nullable(),
    })
    .nullable()
    .default(null),
  quota: z.object({ kind: z.enum(['quota_80', 'quota_100', 'overage']), threshold: z.number(), quota: z.number(), month: z.string() }).nullable(),
  /** Digest: how many further events the cool-down held back, and some of their groups. */
  digest: z.object({ held: z.number(), groups: z.array(AlertGroupEvidenceSchema) }).nullable(),
  links: z.object({ app: z.string(), muteHour: z.string(), muteDay: z.string() }),
});
export type AlertMessage = z.infer<typeof AlertMessageSchema>;
