import { z } from 'zod';
import { queryParam } from '../query/query-param.js';
import { READ_MESSAGES as M } from './messages.js';
import { endParam, environmentParam, intParam, levelsParam, sortOrderParam, startParam, withoutBlanks } from './query-params.js';

/** §9: the groups screen's days filter options (default 7) and page size (20). */
export const GROUP_DAY_OPTIONS = [1, 3, 7, 14, 30, 90] as const;
export const GROUPS_DEFAULT_DAYS = 7;
export const GROUPS_DEFAULT_LIMIT = 20;
export const GROUPS_MAX_LIMIT = 100;
/** §9: sort fields (last_seen default) and order (desc default). */
export const GROUP_SORT_FIELDS = ['last_seen', 'first_seen', 'count'] as const;
export type GroupSortField = (typeof GROUP_SORT_FIELDS)[number];
/** A group's triage state, set by editors; a resolved group that receives a log is reopened. */
export const GROUP_STATUSES = ['unresolved', 'resolved', 'ignored'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
export const GROUP_LOGS_DEFAULT_LIMIT = 50;
export const GROUP_LOGS_MAX_LIMIT = 500;
export const GROUP_LOGS_MAX_SKIP = 100_000;
export const NOTE_MAX_LENGTH = 2000;

const days = z.coerce
  .number({ error: M.daysInvalid })
  .refine((n) => (GROUP_DAY_OPTIONS as readonly number[]).includes(n), { error: M.daysInvalid })
  .default(GROUPS_DEFAULT_DAYS);

const status = z.string({ error: M.statusInvalid }).trim().toLowerCase().pipe(z.enum(GROUP_STATUSES, { error: M.statusInvalid }));

/** GET /api/v1/projects/{id}/groups: groups seen in the last `days` days. */
export const GroupListQuerySchema = z.preprocess(
  withoutBlanks,
  z
    .object({
      environment: environmentParam,
      level: levelsParam,
      status: status.optional(),
      q: queryParam('groups'),
      days,
      skip: intParam({ min: 0, max: Number.MAX_SAFE_INTEGER, default: 0, message: M.skipInvalid }),
      limit: intParam({ min: 1, max: GROUPS_MAX_LIMIT, default: GROUPS_DEFAULT_LIMIT, message: M.limitInvalid(GROUPS_MAX_LIMIT) }),
      sort_by: z.enum(GROUP_SORT_FIELDS, { error: M.groupSortByInvalid }).default('last_seen'),
      sort_order: sortOrderParam,
    })
    .transform(({ level, ...rest }) => ({ ...rest, levels: level })),
);
export type GroupListQuery = z.output<typeof GroupListQuerySchema>;

/** GET /api/v1/projects/{id}/groups/summary. */
export const GroupSummaryQuerySchema = z.preprocess(withoutBlanks, z.object({ environment: environmentParam, days }));
export type GroupSummaryQuery = z.output<typeof GroupSummaryQuerySchema>;

/** GET /api/v1/projects/{id}/groups/{groupId}: `environment` answers the status in that environment. */
export const GroupDetailQuerySchema = z.preprocess(withoutBlanks, z.object({ environment: environmentParam }));
export type GroupDetailQuery = z.output<typeof GroupDetailQuerySchema>;

/** GET /api/v1/projects/{id}/groups/{groupId}/logs: newest first. */
export const GroupLogsQuerySchema = z.preprocess(
  withoutBlanks,
  z
    .object({
      level: levelsParam,
      start_date: startParam,
      end_date: endParam,
      skip: intParam({ min: 0, max: GROUP_LOGS_MAX_SKIP, default: 0, message: M.skipTooLarge(GROUP_LOGS_MAX_SKIP) }),
      limit: intParam({ min: 1, max: GROUP_LOGS_MAX_LIMIT, default: GROUP_LOGS_DEFAULT_LIMIT, message: M.limitInvalid(GROUP_LOGS_MAX_LIMIT) }),
    })
    .refine((v) => !v.start_date || !v.end_date || v.start_date < v.end_date, { path: ['end_date'], error: M.dateRangeInvalid })
    .transform(({ level, start_date, end_date, ...rest }) => ({ ...rest, levels: level, from: start_date, before: end_date })),
);
export type GroupLogsQuery = z.output<typeof GroupLogsQuerySchema>;

/**
 * PATCH /api/v1/projects/{id}/groups/{groupId}. With `environment`, the status holds in that
 * environment only (resolve in `staging` only); without, it holds in every environment and
 * replaces the per-environment ones.
 */
export const GroupStatusUpdateSchema = z.object({ status, environment: z.preprocess((v) => (v === '' || v === null ? undefined : v), environmentParam) });
export type GroupStatusUpdate = z.output<typeof GroupStatusUpdateSchema>;

/** POST /api/v1/projects/{id}/groups/{groupId}/notes. */
export const GroupNoteCreateSchema = z.object({
  text: z.string({ error: M.noteRequired }).trim().min(1, { error: M.noteRequired }).max(NOTE_MAX_LENGTH, { error: M.noteTooLong }),
});
export type GroupNoteCreate = z.output<typeof GroupNoteCreateSchema>;
