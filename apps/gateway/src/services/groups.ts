import {
  AppError,
  floorHour,
  groupSeverity,
  isRecentGroup,
  READ_MESSAGES,
  RECENT_GROUP_MS,
  SEARCH_COUNT_CAP,
  type GroupEnvironmentStatus,
  type GroupDetailQuery,
  type GroupListQuery,
  type GroupLogsPage,
  type GroupLogsQuery,
  type GroupNote,
  type GroupPage,
  type GroupStatusUpdate,
  type GroupsSummary,
  type GroupSummaryQuery,
  type LogGroup,
} from '@seyir/domain';
import {
  countLogsCapped,
  createGroupNote,
  deleteGroup,
  findGroupNotes,
  findGroups,
  findNewestLogs,
  getGroup,
  sumRollupsByLevel,
  summarizeGroups,
  updateGroupStatus,
  type GroupNoteRow,
  type LogGroupRow,
} from '@seyir/db';
import type { AppDeps } from '../deps.js';
import { presentLogItem } from './logs.js';

type ReadDeps = Pick<AppDeps, 'database' | 'now'>;
const DAY_MS = 24 * 3_600_000;

/** The group's status in each environment it was seen in: its own status there, or the group's. */
function environmentStatuses(row: LogGroupRow): GroupEnvironmentStatus[] {
  const overrides = new Map(row.environmentStatuses.map((e) => [e.environment, e]));
  const names = [...new Set([...row.environments, ...overrides.keys()])].sort();
  return names.map((environment) => {
    const own = overrides.get(environment);
    const { status, resolvedAt } = own ?? row.groupStatus;
    return {
      environment,
      status,
      is_regression: status === 'unresolved' && resolvedAt !== null,
      resolved_at: resolvedAt ? resolvedAt.toISOString() : null,
      is_override: own !== undefined,
    };
  });
}

/**
 * A group in the API's field names (§3), with its status and how it was grouped. `status` is the
 * group-wide one, or the one in the environment the request named.
 */
export function presentGroup(row: LogGroupRow, now: Date): LogGroup {
  return {
    _id: row.id,
    id: row.id,
    project_id: row.projectId,
    sample_message: row.sampleMessage,
    level: row.level,
    environment: row.environments[0] ?? null,
    environments: row.environments,
    tags: row.tags,
    severity: groupSeverity(row.level),
    count: row.count,
    is_recent: isRecentGroup(row.lastSeen, now),
    last_seen: row.lastSeen.toISOString(),
    first_seen: row.firstSeen.toISOString(),
    users_count: row.usersCount,
    users_affected: row.usersAffected,
    status: row.status,
    is_regression: row.status === 'unresolved' && row.resolvedAt !== null,
    resolved_at: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    environment_statuses: environmentStatuses(row),
    template: row.template,
    kind: row.kind,
    reason: row.reason,
    last_log_id: row.lastLogId,
  };
}

export function presentNote(row: GroupNoteRow): GroupNote {
  return { _id: row.id, id: row.id, text: row.text, author: { username: row.authorUsername }, created_at: row.createdAt.toISOString() };
}

/** Groups seen in the last `days` days, one page of them, with `has_more`. */
export async function findGroupPage(deps: ReadDeps, projectId: string, query: GroupListQuery): Promise<GroupPage> {
  const now = deps.now();
  const { rows, total } = await findGroups(
    deps.database.sql,
    projectId,
    { environment: query.environment, levels: query.levels, status: query.status, seenSince: new Date(now.getTime() - query.days * DAY_MS), query: query.q, now },
    { skip: query.skip, limit: query.limit, sortBy: query.sort_by, sortOrder: query.sort_order },
  );
  return {
    items: rows.map((row) => presentGroup(row, now)),
    total,
    pagination: { skip: query.skip, limit: query.limit, has_more: query.skip + rows.length < total },
  };
}

/**
 * §3 Groups summary over the groups seen in the last `days` days: `total_groups`;
 * `active_groups`, those seen in the last 24 hours (the 'Aktif' badge); `error_groups`, those
 * whose highest level is ERROR or CRITICAL; `total_logs`, the logs received in the window
 * (from the hourly rollups, counting the hour the window starts in whole).
 */
export async function getGroupsSummary(deps: ReadDeps, projectId: string, query: GroupSummaryQuery): Promise<GroupsSummary> {
  const now = deps.now();
  const since = new Date(now.getTime() - query.days * DAY_MS);
  const [groups, logs] = await Promise.all([
    summarizeGroups(deps.database.sql, projectId, { environment: query.environment, seenSince: since }, new Date(now.getTime() - RECENT_GROUP_MS)),
    sumRollupsByLevel(deps.database.sql, [projectId], { environment: query.environment, from: floorHour(since) }),
  ]);
  return {
    summary: {
      total_groups: groups.total,
      active_groups: groups.recent,
      error_groups: groups.errors,
      total_logs: [...logs.values()].reduce((a, b) => a + b, 0),
    },
  };
}

async function requireGroup(deps: ReadDeps, projectId: string, groupId: string, environment?: string): Promise<LogGroupRow> {
  const row = await getGroup(deps.database.sql, projectId, groupId, environment);
  if (!row) throw new AppError('NOT_FOUND', READ_MESSAGES.groupNotFound);
  return row;
}

/** One group; with `environment`, its status is the one in that environment. */
export async function getGroupDetail(deps: ReadDeps, projectId: string, groupId: string, query: GroupDetailQuery = {}): Promise<LogGroup> {
  return presentGroup(await requireGroup(deps, projectId, groupId, query.environment), deps.now());
}

/**
 * A group's logs, newest first. Unfiltered, the total is the group's own count (kept by the
 * worker); filtered, it is counted up to SEARCH_COUNT_CAP, past which it is a lower bound.
 */
export async function findGroupLogPage(deps: ReadDeps, projectId: string, groupId: string, query: GroupLogsQuery): Promise<GroupLogsPage> {
  const group = await requireGroup(deps, projectId, groupId);
  const filter = { groupId, levels: query.levels, from: query.from, before: query.before };
  const filtered = Boolean(query.levels?.length || query.from || query.before);
  const [rows, counted] = await Promise.all([
    // The group's last day, then its last week, before all days (see findNewestLogs).
    findNewestLogs(deps.database.sql, projectId, filter, { skip: query.skip, limit: query.limit }, [1, 7].map((d) => new Date(group.lastSeen.getTime() - d * DAY_MS))),
    filtered ? countLogsCapped(deps.database.sql, projectId, filter, SEARCH_COUNT_CAP) : undefined,
  ]);
  const total = counted ? [...counted.byLevel.values()].reduce((a, b) => a + b, 0) : group.count;
  return { items: rows.map((row) => presentLogItem(row)), total, total_is_estimate: counted?.capped ?? false };
}

/**
 * Sets a group's status everywhere, or in one environment it was seen in (`environment`);
 * answers the group as seen where the status was set.
 */
export async function setGroupStatus(deps: ReadDeps, projectId: string, groupId: string, update: GroupStatusUpdate): Promise<LogGroup> {
  if (update.environment) {
    const group = await requireGroup(deps, projectId, groupId);
    if (!group.environments.includes(update.environment)) {
      throw new AppError('VALIDATION_FAILED', READ_MESSAGES.groupEnvironmentUnknown, { fields: { environment: READ_MESSAGES.groupEnvironmentUnknown } });
    }
  }
  const found = await updateGroupStatus(deps.database, { projectId, groupId, environment: update.environment }, update.status, deps.now());
  if (!found) throw new AppError('NOT_FOUND', READ_MESSAGES.groupNotFound);
  return getGroupDetail(deps, projectId, groupId, { environment: update.environment });
}

/** Deletes a group, its logs and notes (the rollups lose its logs too). */
export async function removeGroup(deps: ReadDeps, projectId: string, groupId: string): Promise<void> {
  if (!(await deleteGroup(deps.database, projectId, groupId))) throw new AppError('NOT_FOUND', READ_MESSAGES.groupNotFound);
}

export async function findNotes(deps: ReadDeps, projectId: string, groupId: string): Promise<GroupNote[]> {
  await requireGroup(deps, projectId, groupId);
  return (await findGroupNotes(deps.database.sql, projectId, groupId)).map(presentNote);
}

export async function addNote(deps: ReadDeps, input: { projectId: string; groupId: string; authorId: string; text: string }): Promise<GroupNote> {
  const row = await createGroupNote(deps.database.sql, { ...input, at: deps.now() });
  if (!row) throw new AppError('NOT_FOUND', READ_MESSAGES.groupNotFound);
  return presentNote(row);
}
