import { parseLevel, queryMatchesLog, tryParseQuery } from '@seyir/domain';
import type { LiveFrame } from '../live/liveHub';
import type { LogCounts, LogEntry, LogsPage, LogsQueryArgs } from './types';

/**
 * §"Live": the first page with no filter shows new logs in place; any other view counts them.
 * So does a view with extra columns: pushed logs do not carry them.
 */
export function isLiveView(args: LogsQueryArgs): boolean {
  return args.skip === 0 && !args.fields && isUnfiltered(args);
}

/** No filter could exclude a log: every pushed log counts in the cards. */
function isUnfiltered(args: LogsQueryArgs): boolean {
  return !args.level && !args.environment && !args.search?.trim() && !args.q?.trim() && !args.start_time && !args.end_time;
}

/** Whether a pushed log could belong to a filtered view (level, environment, words, query, time range). */
export function matchesFilters(log: LogEntry, args: LogsQueryArgs): boolean {
  if (args.level && parseLevel(log.level) !== parseLevel(args.level)) return false;
  if (args.environment && log.environment !== args.environment) return false;
  if (args.search?.trim() && !log.message.toLocaleLowerCase('tr-TR').includes(args.search.trim().toLocaleLowerCase('tr-TR'))) return false;
  const at = Date.parse(log.timestamp);
  if (args.start_time && at < Date.parse(args.start_time)) return false;
  if (args.end_time && at >= Date.parse(args.end_time)) return false;
  // A query is checked as far as a listed log tells; what depends on other fields may match.
  const parsed = args.q?.trim() ? tryParseQuery(args.q) : undefined;
  if (parsed?.ok && parsed.query && queryMatchesLog(parsed.query, log, new Date()) === false) return false;
  return true;
}

/** Which count card a log adds to, besides the total. */
function cardOf(level: string): keyof Omit<LogCounts, 'total'> | null {
  const parsed = parseLevel(level);
  if (parsed === 'ERROR' || parsed === 'CRITICAL') return 'error';
  if (parsed === 'WARNING') return 'warning';
  if (parsed === 'INFO') return 'info';
  return null;
}

/**
 * Applies one live frame to a cached logs page (an Immer draft or a plain object): on the live
 * view new logs go on top (the page size kept), elsewhere matching logs are counted in
 * `pending`; the count cards grow with every matching log. Logs the frame `skipped` are counted
 * where no filter could exclude them.
 */
export function applyLiveLogs(page: LogsPage, frame: Pick<LiveFrame, 'logs' | 'skipped'>, args: LogsQueryArgs): void {
  const live = isLiveView(args);
  const shown = new Set(page.items.map((item) => item._id));
  const fresh: LogEntry[] = [];
  for (const log of frame.logs) {
    if (shown.has(log._id) || !matchesFilters(log, args)) continue;
    shown.add(log._id);
    fresh.push(log);
    if (page.counts) {
      page.counts.total += 1;
      const card = cardOf(log.level);
      if (card) page.counts[card] += 1;
    }
  }
  const unfiltered = isUnfiltered(args);
  const skipped = unfiltered ? frame.skipped : 0;
  if (page.counts) page.counts.total += skipped;
  if (live) {
    // Frames are oldest first; the list is newest first.
    page.items.unshift(...fresh.reverse());
    if (page.items.length > args.limit) page.items.length = args.limit;
    page.total += fresh.length + skipped;
  } else {
    page.pending += fresh.length + skipped;
  }
}

/** One pushed log (see `applyLiveLogs`). */
export function applyNewLog(page: LogsPage, log: LogEntry, args: LogsQueryArgs): void {
  applyLiveLogs(page, { logs: [log], skipped: 0 }, args);
}
