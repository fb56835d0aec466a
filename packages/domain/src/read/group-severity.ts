import type { LogLevel } from '../log/levels.js';

export type GroupSeverity = 'high' | 'medium' | 'low';

/** A group counts as recent ('Aktif') when its last log is at most this old. */
export const RECENT_GROUP_MS = 24 * 3_600_000;

/**
 * The severity shown on a group (§3), from its highest level: 'high' for ERROR and CRITICAL
 * (the screen's high-priority badge), 'medium' for WARNING, 'low' for INFO and DEBUG.
 */
export function groupSeverity(level: string): GroupSeverity {
  const l = level as LogLevel;
  if (l === 'ERROR' || l === 'CRITICAL') return 'high';
  return l === 'WARNING' ? 'medium' : 'low';
}

/** Whether a group was seen in the last 24 hours (`is_recent`, shown as 'Aktif'). */
export function isRecentGroup(lastSeen: Date, now: Date): boolean {
  return now.getTime() - lastSeen.getTime() <= RECENT_GROUP_MS;
}
