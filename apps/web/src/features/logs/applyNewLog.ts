import { parseLevel } from '@seyir/domain';
import type { LogEntry, LogsPage, LogsQueryArgs } from './types';

/** §"Live": the first page with no filter shows new logs in place; any other view counts them. */
export function isLiveView(args: LogsQueryArgs): boolean {
  return args.skip === 0 && !args.level && !args.environment && !args.search?.trim() && !args.start_time && !args.end_time;
}

/** Whether a pushed log could belong to a filtered view (level and environment are checked). */
export function matchesFilters(log: LogEntry, args: LogsQueryArgs): boolean {
  if (args.level && parseLevel(log.level) !== parseLevel(args.level)) return false;
  if (args.environment && log.environment !== args.environment) return false;
  if (args.search?.trim() && !log.message.toLocaleLowerCase('tr-TR').includes(args.search.trim().toLocaleLowerCase('tr-TR'))) return false;
  return true;
}

/** Applies a `log:new` event to a cached logs page (an Immer draft or a plain object). */
export function applyNewLog(page: LogsPage, log: LogEntry, args: LogsQueryArgs): void {
  if (page.items.some((item) => item._id === log._id)) return;
  if (isLiveView(args)) {
    page.items.unshift(log);
    if (page.items.length > args.limit) page.items.length = args.limit;
    page.total += 1;
  } else if (matchesFilters(log, args)) {
    page.pending += 1;
  }
}
