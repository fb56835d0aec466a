import { z } from 'zod';
import { parseTimestamp } from '../ingest/ingest-log.js';
import { objectFieldError } from '../ingest/json-extent.js';
import { INGEST_LIMITS } from '../ingest/limits.js';
import { ENVIRONMENT_PATTERN, normalizeEnvironment } from '../projects/environments.js';
import { PERF_LIMITS as L } from './limits.js';
import { PERF_MESSAGES as M } from './messages.js';

type JsonObject = Record<string, unknown>;

/**
 * The wire format of one timing record (`POST /api/ingest/timings`, a JSON array of at most
 * 1,000): what the framework integrations send for every request.
 */
export const TimingRecordSchema = z.object({
  route: z.string({ error: M.routeInvalid }).trim().min(1, { error: M.routeInvalid }).max(L.maxRouteChars, { error: M.routeInvalid }),
  method: z
    .string({ error: M.methodInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,16}$/, { error: M.methodInvalid }),
  status: z.number({ error: M.statusInvalid }).int({ error: M.statusInvalid }).min(100, { error: M.statusInvalid }).max(599, { error: M.statusInvalid }),
  duration_ms: z.number({ error: M.durationInvalid }).min(0, { error: M.durationInvalid }).max(L.maxDurationMs, { error: M.durationInvalid }),
  timestamp: z.union([z.string(), z.number()], { error: M.timestampInvalid }).nullish(),
  environment: z.string({ error: M.environmentInvalid }).max(64, { error: M.environmentInvalid }).nullish(),
  release: z.string({ error: M.textTooLong('release', INGEST_LIMITS.maxReleaseChars) }).max(INGEST_LIMITS.maxReleaseChars, { error: M.textTooLong('release', INGEST_LIMITS.maxReleaseChars) }).nullish(),
  host: z.string({ error: M.textTooLong('host', INGEST_LIMITS.maxHostChars) }).max(INGEST_LIMITS.maxHostChars, { error: M.textTooLong('host', INGEST_LIMITS.maxHostChars) }).nullish(),
  request_id: z.string({ error: M.requestIdInvalid }).regex(/^[A-Za-z0-9._:-]{1,128}$/, { error: M.requestIdInvalid }).nullish(),
  request: z.record(z.string(), z.unknown(), { error: M.fieldNotObject('request') }).nullish(),
  response: z.record(z.string(), z.unknown(), { error: M.fieldNotObject('response') }).nullish(),
});

/** One accepted timing record inside a job. */
export const JobTimingSchema = z.object({
  route: z.string().max(L.maxRouteChars),
  method: z.string().max(16),
  status: z.number().int(),
  durationMs: z.number(),
  timestampMs: z.number().int(),
  environment: z.string().max(64),
  release: z.string(),
  host: z.string(),
  requestId: z.string().nullable(),
  request: z.record(z.string(), z.unknown()).nullable(),
  response: z.record(z.string(), z.unknown()).nullable(),
});
export type JobTiming = z.infer<typeof JobTimingSchema>;

/** The payload of a BullMQ `timings` job: accepted timing records of one project. */
export const TimingJobSchema = z.object({
  batchId: z.uuid(),
  projectId: z.uuid(),
  receivedAtMs: z.number().int(),
  timings: z.array(JobTimingSchema).min(1).max(L.maxJobRecords),
});
export type TimingJob = z.infer<typeof TimingJobSchema>;

/** Name of the BullMQ queue of timing batches (its own job type, apart from log batches). */
export const TIMINGS_QUEUE = 'timings';

export type TimingResult = { ok: true; timing: JobTiming } | { ok: false; detail: string };

/** The route as a template: no query string or fragment, a leading slash, at most 200 characters. */
export function normalizeRoute(raw: string): string {
  const cut = raw.split(/[?#]/, 1)[0]!.trim();
  if (!cut) return '/';
  return cut.startsWith('/') ? cut : `/${cut}`;
}

/**
 * Validates one timing record. Never throws: a bad record answers its Turkish reason so the
 * good ones of the batch are kept. Records older than 1 h are refused (performance figures are
 * near real time); future times are read as the receive time.
 */
export function normalizeTimingRecord(raw: unknown, nowMs: number): TimingResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, detail: M.notAnObject };
  const parsed = TimingRecordSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, detail: parsed.error.issues[0]?.message ?? M.notAnObject };
  const r = parsed.data;
  let timestampMs = nowMs;
  if (r.timestamp !== undefined && r.timestamp !== null && r.timestamp !== '') {
    const ms = parseTimestamp(r.timestamp);
    if (ms === undefined) return { ok: false, detail: M.timestampInvalid };
    if (ms < nowMs - L.maxAgeMs) return { ok: false, detail: M.timestampTooOld };
    timestampMs = Math.min(Math.round(ms), nowMs);
  }
  const environment = r.environment?.trim() ? normalizeEnvironment(r.environment) : 'production';
  if (!ENVIRONMENT_PATTERN.test(environment)) return { ok: false, detail: M.environmentInvalid };
  for (const field of ['request', 'response'] as const) {
    const value = r[field];
    const error = value ? objectFieldError(field, value) : undefined;
    if (error) return { ok: false, detail: error };
  }
  return {
    ok: true,
    timing: {
      route: normalizeRoute(r.route),
      method: r.method,
      status: r.status,
      durationMs: r.duration_ms,
      timestampMs,
      environment,
      release: r.release?.trim() ?? '',
      host: r.host?.trim() ?? '',
      requestId: r.request_id ?? null,
      request: (r.request as JsonObject | null | undefined) ?? null,
      response: (r.response as JsonObject | null | undefined) ?? null,
    },
  };
}

/** A failed request, for error rates: a 5xx answer. */
export function isServerError(status: number): boolean {
  return status >= 500;
}
