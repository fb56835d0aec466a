import { z } from 'zod';
import { READ_MESSAGES as M } from './messages.js';
import { queryParam } from '../query/query-param.js';
import { parseSearch } from './parse-search.js';
import { LogFieldsParamSchema } from '../views/log-columns.js';
import { endParam, environmentParam, intParam, levelsParam, sortOrderParam, startParam, withoutBlanks } from './query-params.js';

/** Logs page size (§9) and the most one page may hold. */
export const LOGS_DEFAULT_LIMIT = 50;
export const LOGS_MAX_LIMIT = 500;
/** Deepest offset served: past it, narrow the time range instead (offsets cost what they skip). */
export const LOGS_MAX_SKIP = 100_000;
/**
 * A searched total (text search or `q`) is counted exactly up to this many logs, then reported
 * as an estimate (`total_is_estimate`, the total a lower bound). Counting reads every matching
 * row, and each costs a few microseconds of regex or JSON checks: 10,000 made a search's count
 * cost 100–350 ms at 10M logs, 1,000 costs a tenth of it.
 */
export const SEARCH_COUNT_CAP = 1_000;
/** A search reads the last day, then the last week, before all days (newest pages, capped counts). */
export const SEARCH_WINDOW_DAYS = [1, 7] as const;

export const LOG_SORT_FIELDS = ['timestamp', 'level'] as const;
export type LogSortField = (typeof LOG_SORT_FIELDS)[number];

const filterShape = {
  level: levelsParam,
  environment: environmentParam,
  search: z.string({ error: M.searchTooLong }).max(200, { error: M.searchTooLong }).transform(parseSearch).optional(),
  /** The search language (packages/domain/src/query), combined with the other filters by AND. */
  q: queryParam('logs'),
  start_time: startParam,
  end_time: endParam,
};

type FilterInput = { [K in keyof typeof filterShape]?: z.output<(typeof filterShape)[K]> };

/** The filters under the names the repositories use: `levels`, `from` (inclusive), `before` (exclusive). */
function toFilter<T extends FilterInput>(v: T) {
  const { level, start_time, end_time, ...rest } = v;
  return { ...rest, levels: level, from: start_time, before: end_time };
}

const rangeIsOrdered = (v: { start_time?: Date | undefined; end_time?: Date | undefined }) => !v.start_time || !v.end_time || v.start_time < v.end_time;

/** Filters shared by the logs list and its stats (§4, §7 Logs). Blank values are ignored. */
export const LogFilterQuerySchema = z.preprocess(
  withoutBlanks,
  z
    .object(filterShape)
    .refine(rangeIsOrdered, { path: ['end_time'], error: M.dateRangeInvalid })
    .transform(toFilter),
);
export type LogFilterQuery = z.output<typeof LogFilterQuerySchema>;

/** GET /api/v1/projects/{id}/logs/: the filters plus paging and sort. */
export const LogListQuerySchema = z.preprocess(
  withoutBlanks,
  z
    .object({
      ...filterShape,
      limit: intParam({ min: 1, max: LOGS_MAX_LIMIT, default: LOGS_DEFAULT_LIMIT, message: M.limitInvalid(LOGS_MAX_LIMIT) }),
      skip: intParam({ min: 0, max: Number.MAX_SAFE_INTEGER, default: 0, message: M.skipInvalid }).refine((n) => n <= LOGS_MAX_SKIP, {
        error: M.skipTooLarge(LOGS_MAX_SKIP),
      }),
      sortBy: z.enum(LOG_SORT_FIELDS, { error: M.logSortByInvalid }).default('timestamp'),
      sortOrder: sortOrderParam,
      /** Extra columns each listed log carries in `fields` (a saved view's logger, release, custom keys). */
      fields: LogFieldsParamSchema.optional(),
    })
    .refine(rangeIsOrdered, { path: ['end_time'], error: M.dateRangeInvalid })
    .transform(toFilter),
);
export type LogListQuery = z.output<typeof LogListQuerySchema>;
