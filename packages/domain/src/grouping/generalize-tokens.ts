import { WILDCARD } from './tokenize-log-message.js';

/** Characters after which a kept prefix may end (or before which a kept suffix may start). */
const ANCHOR_DELIMITERS = '=:,;|()[]{}<>"\'`/@#';

/**
 * Whether a template token accepts a message token: equal, `<*>`, or a pattern such as
 * `rhost=<*>` whose `<*>` stand for any text (possibly empty).
 */
export function tokenFits(pattern: string, token: string): boolean {
  if (pattern === token || pattern === WILDCARD) return true;
  const first = pattern.indexOf(WILDCARD);
  if (first === -1) return false;
  const prefix = pattern.slice(0, first);
  if (!token.startsWith(prefix)) return false;
  const last = pattern.lastIndexOf(WILDCARD);
  const suffix = pattern.slice(last + WILDCARD.length);
  if (token.length < prefix.length + suffix.length || !token.endsWith(suffix)) return false;
  let at = prefix.length;
  const stop = token.length - suffix.length;
  for (const part of pattern.slice(first + WILDCARD.length, last).split(WILDCARD)) {
    if (part === '') continue;
    const found = token.indexOf(part, at);
    if (found === -1 || found + part.length > stop) return false;
    at = found + part.length;
  }
  return true;
}

/**
 * The most specific token pattern that accepts both tokens: their common prefix and suffix
 * around one `<*>`, cut at punctuation so a pattern never ends mid-word
 * (`rhost=a.org` + `rhost=<*>` → `rhost=<*>`, `()` + `(<*>)` → `(<*>)`, `cupsd` + `klogd` → `<*>`).
 */
export function generalizeTokens(a: string, b: string): string {
  if (a === b) return a;
  if (a === WILDCARD || b === WILDCARD) return WILDCARD;
  if (tokenFits(a, b)) return a;
  if (tokenFits(b, a)) return b;
  const limitA = a.indexOf(WILDCARD) === -1 ? a.length : a.indexOf(WILDCARD);
  const limitB = b.indexOf(WILDCARD) === -1 ? b.length : b.indexOf(WILDCARD);
  let prefix = 0;
  const maxPrefix = Math.min(limitA, limitB);
  while (prefix < maxPrefix && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  while (prefix > 0 && !ANCHOR_DELIMITERS.includes(a[prefix - 1] as string)) prefix--;

  const lastA = a.lastIndexOf(WILDCARD);
  const lastB = b.lastIndexOf(WILDCARD);
  const tailA = lastA === -1 ? a.length : a.length - lastA - WILDCARD.length;
  const tailB = lastB === -1 ? b.length : b.length - lastB - WILDCARD.length;
  const maxSuffix = Math.min(tailA, tailB, a.length - prefix, b.length - prefix);
  let suffix = 0;
  while (suffix < maxSuffix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  while (suffix > 0 && !ANCHOR_DELIMITERS.includes(a[a.length - suffix] as string)) suffix--;
  return a.slice(0, prefix) + WILDCARD + a.slice(a.length - suffix);
}
