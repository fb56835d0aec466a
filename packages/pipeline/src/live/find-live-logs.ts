import type { LiveLog } from '@seyir/domain';
import { findLiveLogsAfterCursor, type SqlClient } from '@seyir/db';
import { timeOfLogId } from '../log-id.js';

/**
 * The logs of a project stored after `sinceId` (a reconnecting client's last log), oldest first,
 * at most `limit`. The cursor's time is read from the id itself (UUIDv7). Undefined when
 * `sinceId` is not one of our log ids. The query is `findLiveLogsAfterCursor` in packages/db.
 */
export async function findLiveLogsAfter(sql: SqlClient, projectId: string, sinceId: string, limit: number): Promise<LiveLog[] | undefined> {
  const time = timeOfLogId(sinceId);
  if (time === undefined) return undefined;
  return findLiveLogsAfterCursor(sql, projectId, { at: new Date(time), id: sinceId }, limit);
}
