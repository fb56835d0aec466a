/** Environments a new project gets when none are given (§3, §9). */
export const DEFAULT_ENVIRONMENTS = ['production', 'staging', 'development'] as const;

export const ENVIRONMENT_PATTERN = /^[\p{Ll}\p{N}._-]{1,32}$/u;
export const MAX_ENVIRONMENTS = 20;

/** Trims and lower-cases (Turkish rules) an environment name as typed (§5 New environment). */
export function normalizeEnvironment(raw: string): string {
  return raw.trim().toLocaleLowerCase('tr-TR');
}

/** Whether `name` may be added to `existing`: blank → 'empty', already there → 'duplicate'. */
export function checkNewEnvironment(existing: readonly string[], raw: string): 'ok' | 'empty' | 'duplicate' | 'invalid' {
  const name = normalizeEnvironment(raw);
  if (!name) return 'empty';
  if (existing.includes(name)) return 'duplicate';
  return ENVIRONMENT_PATTERN.test(name) ? 'ok' : 'invalid';
}
