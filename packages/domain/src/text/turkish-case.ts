/**
 * Lower-cases with Turkish rules (İ→i, I→ı) so that search and uniqueness checks treat
 * 'İSTANBUL' and 'istanbul' alike, as a Turkish reader expects.
 */
export function toTurkishLower(value: string): string {
  return value.toLocaleLowerCase('tr-TR');
}

/**
 * A case- and dotless-i-insensitive key: Turkish lower-casing, then ı→i, so that
 * 'ISTANBUL', 'İstanbul', 'istanbul' and 'ıstanbul' all fold to the same string.
 */
export function foldTurkish(value: string): string {
  return toTurkishLower(value).replace(/ı/g, 'i');
}
