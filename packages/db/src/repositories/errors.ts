/** Postgres unique_violation: returns the violated constraint's name, or undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const pgError = e as { code?: string; constraint?: string };
  return pgError?.code === '23505' ? (pgError.constraint ?? 'unique') : undefined;
}

/** Escapes %, _ and \ for a LIKE pattern. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
