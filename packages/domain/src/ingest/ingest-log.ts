import { z } from 'zod';
import { ExceptionSchema, type ExceptionInfo } from '../log/exception.js';
import { parseLevel, type LogLevel } from '../log/levels.js';
import { ENVIRONMENT_PATTERN, normalizeEnvironment } from '../projects/environments.js';
import { objectFieldError } from './json-extent.js';
import { INGEST_LIMITS as L } from './limits.js';
import { INGEST_MESSAGES as M } from './messages.js';

type JsonObject = Record<string, unknown>;

/** A log as accepted at ingest: validated, with its level, environment and time settled. */
export interface NormalizedLog {
  message: string;
  level: LogLevel;
  /** Milliseconds since the epoch (the log's own time, or the receive time). */
  timestampMs: number;
  /** Set when the client's time was too far in the future and was replaced. */
  clampedFrom?: string | undefined;
  environment: string;
  host: string;
  logger: string;
  release: string;
  tags: string[];
  metadata: JsonObject | null;
  context: JsonObject | null;
  exception: ExceptionInfo | null;
  request: JsonObject | null;
  response: JsonObject | null;
  fingerprint: string[] | null;
}

export type ItemResult = { ok: true; log: NormalizedLog } | { ok: false; detail: string };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalText(raw: unknown, field: string, max: number): string | { error: string } {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string' && typeof raw !== 'number') return { error: M.textTooLong(field, max) };
  const text = String(raw).trim();
  return text.length > max ? { error: M.textTooLong(field, max) } : text;
}

/**
 * An object field: absent → null; otherwise a JSON object within the size and depth limits.
 * `measure`: the size may exceed the limit (see NormalizeContext.sourceChars); it is then
 * bounded by a walk, and serialised only when the bound is past the limit (json-extent.ts).
 */
function objectField(raw: unknown, field: string, measure: boolean): { value: JsonObject | null } | { error: string } {
  if (raw === undefined || raw === null) return { value: null };
  if (!isObject(raw)) return { error: M.fieldNotObject(field) };
  const error = objectFieldError(field, raw, measure);
  if (error) return { error };
  return { value: raw };
}

/** ISO 8601 text, or epoch seconds / milliseconds (≥ 1e12 means milliseconds). */
export function parseTimestamp(raw: unknown): number | undefined {
  // Whole milliseconds, what is stored: a fraction (epoch seconds with microseconds, say) made
  // a job the worker refuses as malformed, losing its whole batch after the 202.
  if (typeof raw === 'number' && Number.isFinite(raw)) return Math.floor(raw >= 1e12 ? raw : raw * 1000);
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return parseTimestamp(Number(text));
  // An ISO time without a zone is read as UTC, not as the server's local time.
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(text) || !/T|\s\d/.test(text) ? text : `${text}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Tags: at most maxTags strings or numbers (numbers become text), each at most maxTagChars;
 * undefined otherwise. By hand: nearly every log has tags, and the zod union with a transform
 * cost the gateway 3 µs per log.
 */
function readTags(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length > L.maxTags) return undefined;
  const tags: string[] = [];
  for (const item of value as unknown[]) {
    const text = typeof item === 'string' ? item : typeof item === 'number' && Number.isFinite(item) ? String(item) : undefined;
    if (text === undefined || text.length > L.maxTagChars) return undefined;
    tags.push(text);
  }
  return tags;
}
const fingerprintSchema = z.array(z.string().max(L.maxFingerprintPartChars)).min(1).max(L.maxFingerprintParts);

export interface NormalizeContext {
  /** Receive time, ms. */
  nowMs: number;
  /** Environment of a log that names none. Default 'production'. */
  defaultEnvironment?: string;
  /**
   * Length of the JSON text the item came in (the whole request body). When it is within the
   * object-field limit no field can exceed it, and measuring each field (a JSON.stringify per
   * field and log) is skipped. Unknown: every field is measured.
   */
  sourceChars?: number;
}

/**
 * Validates and normalises one ingested item. Never throws: a bad item answers the Turkish
 * reason, so the good items of a batch are still stored.
 */
export function normalizeIngestLog(raw: unknown, ctx: NormalizeContext): ItemResult {
  if (!isObject(raw)) return { ok: false, detail: M.notAnObject };
  const fail = (detail: string): ItemResult => ({ ok: false, detail });

  const rawMessage = raw.message;
  if (rawMessage === undefined || rawMessage === null || (typeof rawMessage === 'string' && rawMessage.trim() === '')) {
    // An exception with no message is still worth keeping: its type and value tell what happened.
    const ex = isObject(raw.exception) ? raw.exception : undefined;
    if (!ex || (typeof ex.type !== 'string' && typeof ex.value !== 'string')) return fail(M.messageRequired);
  }
  let message = typeof rawMessage === 'string' ? rawMessage : rawMessage == null ? '' : JSON.stringify(rawMessage);
  if (message.length > L.maxMessageChars) return fail(M.messageTooLong);

  let level: LogLevel = 'INFO';
  if (raw.level !== undefined && raw.level !== null && raw.level !== '') {
    const parsed = typeof raw.level === 'string' ? parseLevel(raw.level) : undefined;
    if (!parsed) return fail(M.levelInvalid);
    level = parsed;
  }

  let timestampMs = ctx.nowMs;
  let clampedFrom: string | undefined;
  if (raw.timestamp !== undefined && raw.timestamp !== null && raw.timestamp !== '') {
    const parsed = parseTimestamp(raw.timestamp);
    if (parsed === undefined) return fail(M.timestampInvalid);
    if (parsed > ctx.nowMs + L.maxFutureSkewMs) clampedFrom = String(raw.timestamp);
    else if (parsed < ctx.nowMs - L.maxAgeMs) return fail(M.timestampTooOld);
    else timestampMs = parsed;
  }

  const envText = optionalText(raw.environment, 'environment', 64);
  if (typeof envText !== 'string') return fail(M.environmentInvalid);
  const environment = envText ? normalizeEnvironment(envText) : (ctx.defaultEnvironment ?? 'production');
  if (!ENVIRONMENT_PATTERN.test(environment)) return fail(M.environmentInvalid);

  const host = optionalText(raw.host, 'host', L.maxHostChars);
  if (typeof host !== 'string') return fail(host.error);
  const logger = optionalText(raw.logger, 'logger', L.maxLoggerChars);
  if (typeof logger !== 'string') return fail(logger.error);
  const release = optionalText(raw.release, 'release', L.maxReleaseChars);
  if (typeof release !== 'string') return fail(release.error);

  let tags: string[] = [];
  if (raw.tags !== undefined && raw.tags !== null) {
    const parsed = readTags(raw.tags);
    if (!parsed) return fail(M.tagsInvalid);
    tags = [...new Set(parsed.map((t) => t.trim()).filter(Boolean))];
  }

  const measure = ctx.sourceChars === undefined || ctx.sourceChars > L.maxObjectFieldChars;
  const fields: Record<'metadata' | 'context' | 'request' | 'response', JsonObject | null> = { metadata: null, context: null, request: null, response: null };
  for (const name of ['metadata', 'context', 'request', 'response'] as const) {
    const result = objectField(raw[name], name, measure);
    if ('error' in result) return fail(result.error);
    fields[name] = result.value;
  }

  let exception: ExceptionInfo | null = null;
  const rawException = objectField(raw.exception, 'exception', measure);
  if ('error' in rawException) return fail(rawException.error);
  if (rawException.value) {
    const parsed = ExceptionSchema.safeParse(rawException.value);
    if (!parsed.success) return fail(M.exceptionInvalid);
    exception = parsed.data;
  }

  let fingerprint: string[] | null = null;
  if (raw.fingerprint !== undefined && raw.fingerprint !== null) {
    const parsed = fingerprintSchema.safeParse(raw.fingerprint);
    if (!parsed.success) return fail(M.fingerprintInvalid);
    fingerprint = parsed.data;
  }

  if (!message && exception) message = [exception.type, exception.value ?? exception.message].filter(Boolean).join(': ');

  return {
    ok: true,
    log: {
      message,
      level,
      timestampMs: clampedFrom ? ctx.nowMs : timestampMs,
      clampedFrom,
      environment,
      host,
      logger,
      release,
      tags,
      ...fields,
      exception,
      fingerprint,
    },
  };
}
