import { LEVEL_LABELS, parseLevel, type LogLevel } from '@seyir/domain';
import { Badge } from '../../components/ui';

const LEVEL_STYLES: Record<LogLevel, string> = {
  DEBUG: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  INFO: 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100',
  WARNING: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  ERROR: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  CRITICAL: 'bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900 dark:text-fuchsia-100',
};

/** Level colours for charts, the same hues as the badges. */
export const LEVEL_COLORS: Record<LogLevel, string> = {
  DEBUG: '#94a3b8',
  INFO: '#0ea5e9',
  WARNING: '#f59e0b',
  ERROR: '#ef4444',
  CRITICAL: '#a21caf',
};

const NEUTRAL = 'bg-white text-slate-600 ring-1 ring-slate-300 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-600';

/** §3: Turkish label per level, case-insensitive; unknown or empty levels get a neutral badge. */
export function LevelBadge({ level }: { level: string | null | undefined }) {
  const known = level ? parseLevel(level) : undefined;
  if (!known) {
    return (
      <Badge className={NEUTRAL}>
        <span data-level="unknown">{level?.trim() || '—'}</span>
      </Badge>
    );
  }
  return (
    <Badge className={LEVEL_STYLES[known]}>
      <span data-level={known}>{LEVEL_LABELS[known]}</span>
    </Badge>
  );
}

export function EnvBadge({ environment }: { environment: string | null | undefined }) {
  if (!environment) return null;
  return (
    <Badge className="bg-indigo-50 text-indigo-800 ring-1 ring-indigo-200 dark:bg-indigo-950 dark:text-indigo-100 dark:ring-indigo-800">{environment}</Badge>
  );
}
