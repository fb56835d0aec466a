/**
 * Reads a list answer that may come bare (`[...]`) or wrapped (`{items: [...]}` or under one of
 * `keys`), since the spec leaves some statistics response shapes open.
 */
export function asList<T>(raw: unknown, keys: readonly string[] = []): T[] {
  if (Array.isArray(raw)) return raw as T[];
  if (raw && typeof raw === 'object') {
    for (const key of ['items', ...keys]) {
      const value = (raw as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}
