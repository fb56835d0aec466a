import { z } from 'zod';
import { LOG_LEVELS, parseLevel, type LogLevel } from '../log/levels.js';
import { ENVIRONMENT_PATTERN, normalizeEnvironment } from '../projects/environments.js';
import { READ_MESSAGES as M } from './messages.js';
import { DEFAULT_TIME_ZONE, fromWallClock, zonedMidnight, addDays } from './zoned-time.js';

/**
 * Drops query values that are empty, null or blank (§5 "Log list calls"), so they read as
 * absent and take their defaults.
 */
export function withoutBlanks(input: unknown): Record<string, unknown> {
  if (!input || typeof input !== 'object') return {};
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '')));
}

/** An integer query parameter within [min, max], with a default. */
export function intParam(options: { min: number; max: number; default: number; message: string }) {
  return z.coerce
    .number({ error: options.message })
    .int({ error: options.message })
    .min(options.min, { error: options.message })
    .max(options.max, { error: options.message })
    .default(options.default);
}

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const sortOrderParam = z
  .string({ error: M.sortOrderInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.enum(SORT_ORDERS, { error: M.sortOrderInvalid }))
  .default('desc');

/**
 * One level or a comma-separated list (`ERROR,CRITICAL`), case-insensitive, with the ingest
 * aliases (WARN, FATAL …). Answers the distinct levels, in rank order.
 */
export const levelsParam = z
  .string({ error: M.levelInvalid })
  .max(100, { error: M.levelInvalid })
  .transform((raw, ctx) => {
    const levels = new Set<LogLevel>();
    for (const part of raw.split(',')) {
      if (!part.trim()) continue;
      const level = parseLevel(part);
      if (!level) {
        ctx.addIssue({ code: 'custom', message: M.levelInvalid });
        return z.NEVER;
      }
      levels.add(level);
    }
    return LOG_LEVELS.filter((l) => levels.has(l));
  })
  .optional();

/** An environment name as stored (normalised like a project's environments). */
export const environmentParam = z
  .string({ error: M.environmentInvalid })
  .max(64, { error: M.environmentInvalid })
  .transform(normalizeEnvironment)
  .refine((e) => ENVIRONMENT_PATTERN.test(e), { error: M.environmentInvalid })
  .optional();

const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Reads an ISO 8601 date or date-time. A time with no offset, and a bare date, are read in
 * `timeZone` (Europe/Istanbul by default). With `end`, answers the exclusive bound: the ms after
 * the instant, or the next midnight for a bare date (the whole day counts). Undefined when unreadable.
 */
export function parseInstant(raw: string, options: { end?: boolean; timeZone?: string } = {}): Date | undefined {
  const match = ISO_INSTANT.exec(raw.trim());
  if (!match) return undefined;
  const [, date, hh, mm, ss, frac, offset] = match;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const day = Date.parse(`${date!}T00:00:00Z`);
  if (Number.isNaN(day) || new Date(day).toISOString().slice(0, 10) !== date) return undefined;
  if (hh === undefined) return zonedMidnight(options.end ? addDays(date!, 1) : date!, timeZone);
  const [h, m, s] = [Number(hh), Number(mm), Number(ss ?? 0)];
  if (h > 23 || m > 59 || s > 59) return undefined;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  const wall = day + ((h * 60 + m) * 60 + s) * 1000 + ms;
  let instant: Date;
  if (!offset) instant = fromWallClock(wall, timeZone);
  else if (offset.toUpperCase() === 'Z') instant = new Date(wall);
  else {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    instant = new Date(wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000);
  }
  // An end is inclusive: the exclusive bound is the next millisecond (stored times have ms precision).
  return options.end ? new Date(instant.getTime() + 1) : instant;
}

/** A start of a time range: the instant, inclusive. */
export const startParam = z
  .string({ error: M.dateInvalid })
  .max(64, { error: M.dateInvalid })
  .transform((raw, ctx) => parseInstant(raw) ?? (ctx.addIssue({ code: 'custom', message: M.dateInvalid }), z.NEVER))
  .optional();

/** An end of a time range, inclusive as written; answered as the exclusive bound after it. */
export const endParam = z
  .string({ error: M.dateInvalid })
  .max(64, { error: M.dateInvalid })
  .transform((raw, ctx) => parseInstant(raw, { end: true }) ?? (ctx.addIssue({ code: 'custom', message: M.dateInvalid }), z.NEVER))
  .optional();

/** A time range: `from` inclusive, `before` exclusive; either may be open. */
export interface TimeRange {
  from?: Date | undefined;
  before?: Date | undefined;
}
