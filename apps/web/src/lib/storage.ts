/** Local storage keys of §9: authToken, user and preferences. */
export const STORAGE_KEYS = { token: 'authToken', user: 'user', preferences: 'preferences' } as const;

/** Reads a key, answering null where storage is unavailable (private mode, tests). */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Writes or (with null) removes a key; storage failures are swallowed unless `strict`. */
export function writeStorage(key: string, value: string | null, strict = false): void {
  try {
    if (value === null) globalThis.localStorage.removeItem(key);
    else globalThis.localStorage.setItem(key, value);
  } catch (error) {
    if (strict) throw error;
  }
}
