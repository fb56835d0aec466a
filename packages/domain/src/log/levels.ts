/** The five levels of the spec (§3), most severe last in rank order. */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Turkish labels shown next to each level (§3). */
export const LEVEL_LABELS: Record<LogLevel, string> = {
  DEBUG: 'Debug',
  INFO: 'Bilgi',
  WARNING: 'Uyarı',
  ERROR: 'Hata',
  CRITICAL: 'Kritik',
};

const ALIASES: Record<string, LogLevel> = {
  DEBUG: 'DEBUG',
  TRACE: 'DEBUG',
  INFO: 'INFO',
  INFORMATION: 'INFO',
  NOTICE: 'INFO',
  WARNING: 'WARNING',
  WARN: 'WARNING',
  ERROR: 'ERROR',
  ERR: 'ERROR',
  EXCEPTION: 'ERROR',
  CRITICAL: 'CRITICAL',
  CRIT: 'CRITICAL',
  FATAL: 'CRITICAL',
  ALERT: 'CRITICAL',
  EMERG: 'CRITICAL',
  EMERGENCY: 'CRITICAL',
};

/**
 * Maps a client-sent level to one of the five, case-insensitively (§3), accepting common
 * aliases (WARN, FATAL, ERR …). Returns undefined for anything else.
 */
export function parseLevel(raw: string): LogLevel | undefined {
  return ALIASES[raw.trim().toUpperCase()];
}

/** Numeric rank: DEBUG 0 … CRITICAL 4; used for "highest level" and `level:>=warning`. */
export function levelRank(level: LogLevel): number {
  return LOG_LEVELS.indexOf(level);
}

/** ERROR and CRITICAL count as errors on the dashboard (errorLogs). */
export function isErrorLevel(level: LogLevel): boolean {
  return levelRank(level) >= levelRank('ERROR');
}
