import type { LiveBatch, LiveGroup, LiveStats } from '@seyir/domain';

/** The later of two stats snapshots of one project (workers may publish out of order). */
function laterStats(a: LiveStats | null, b: LiveStats | null): LiveStats | null {
  if (!a || !b) return b ?? a;
  if (a.date !== b.date) return a.date > b.date ? a : b;
  return b.today_total >= a.today_total ? b : a;
}

function mergeGroup(a: LiveGroup, b: LiveGroup): LiveGroup {
  const newer = b.count >= a.count ? b : a;
  return { ...newer, is_new: a.is_new || b.is_new, regressed: a.regressed || b.regressed };
}

/**
 * Coalesces two frames of one project into one: logs appended (oldest first) and trimmed to the
 * newest `maxLogs`, the rest counted in `skipped`; groups by id with the highest count; the
 * latest stats.
 */
export function mergeFrames(into: LiveBatch | undefined, next: LiveBatch, maxLogs: number): LiveBatch {
  const logs = into ? [...into.logs, ...next.logs] : [...next.logs];
  let skipped = (into?.skipped ?? 0) + next.skipped;
  if (logs.length > maxLogs) {
    skipped += logs.length - maxLogs;
    logs.splice(0, logs.length - maxLogs);
  }
  const groups = new Map<string, LiveGroup>();
  for (const group of [...(into?.groups ?? []), ...next.groups]) {
    const seen = groups.get(group.group_id);
    groups.set(group.group_id, seen ? mergeGroup(seen, group) : group);
  }
  return { project_id: next.project_id, logs, skipped, groups: [...groups.values()], stats: laterStats(into?.stats ?? null, next.stats) };
}

/** The logs of a frame that are not in `seen` (catch-up already sent them). */
export function withoutLogs(frame: LiveBatch, seen: ReadonlySet<string>): LiveBatch {
  return { ...frame, logs: frame.logs.filter((log) => !seen.has(log._id)) };
}
