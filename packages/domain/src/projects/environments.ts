/** Environments a new project gets when none are given (§3, §9). */
export const DEFAULT_ENVIRONMENTS = ['production', 'staging', 'development'] as const;

export const ENVIRONMENT_PATTERN = /^[\p{Ll}\p{N}._-]{1,32}$/u;
export const MAX_ENVIRONMENTS = 20;

/**
 * Trims and lower-cases an environment name as typed (§5 New environment). Environment names
 * are identifiers, mostly English words: Turkish rules would turn 'PRODUCTION' into
 * 'productıon', so only the dotted capital İ is mapped to i before the default lower-casing.
 */
export function normalizeEnvironment(raw: string): string {
  return raw.trim().replace(/İ/g, 'i').toLowerCase();
}

/** Whether `name` may be added to `existing`: blank → 'empty', already there → 'duplicate'. */
export function checkNewEnvironment(existing: readonly string[], raw: string): 'ok' | 'empty' | 'duplicate' | 'invalid' {
  const name = normalizeEnvironment(raw);
  if (!name) return 'empty';
  if (existing.includes(name)) return 'duplicate';
  return ENVIRONMENT_PATTERN.test(name) ? 'ok' : 'invalid';
}
