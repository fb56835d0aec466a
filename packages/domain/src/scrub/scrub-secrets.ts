import { INGEST_LIMITS } from '../ingest/limits.js';

/** What replaces a scrubbed value. */
export const FILTERED = '[Filtered]';

/** Key fragments whose values are secrets (matched case-insensitively, as substrings). */
export const DEFAULT_SECRET_KEYS = [
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'api_key',
  'apikey',
  'api-key',
  'authorization',
  'auth',
  'cookie',
  'set-cookie',
  'csrf',
  'xsrf',
  'session',
  'private_key',
  'credit_card',
  'card_number',
  'cvv',
  'iban',
] as const;

export interface ScrubSettings {
  /** Scrubbing on at all. Default true. */
  enabled?: boolean | undefined;
  /** Extra key fragments to scrub. */
  denyKeys?: string[] | undefined;
  /** Keys never scrubbed (exact, case-insensitive), e.g. 'token_type'. */
  allowKeys?: string[] | undefined;
  /** Scrub card numbers, TC Kimlik numbers, IBANs and bearer tokens inside values. Default true. */
  scrubValues?: boolean | undefined;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Turkish national id (TC Kimlik No): 11 digits, first not 0, two check digits. */
export function isTcKimlikNo(digits: string): boolean {
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number) as number[];
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d[9] === tenth && d[10] === eleventh;
}

/** IBAN with a valid mod-97 check (spaces allowed). */
export function isIban(text: string): boolean {
  const iban = text.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;
const TCKN_CANDIDATE = /\b[1-9]\d{10}\b/g;
const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
const BEARER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
/** What every match of the four patterns contains: a cheap first look that most texts fail. */
const BEARER_HINT = /(?:bearer|basic|token)\s/i;
const IBAN_HINT = /[A-Z]{2}\d{2}/;

/** How many ASCII digits `text` has, stopping once it reaches `enough`. */
function countDigits(text: string, enough: number): number {
  let digits = 0;
  for (let i = 0; i < text.length && digits < enough; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
  }
  return digits;
}

/** Replaces card numbers (Luhn), TC Kimlik numbers, IBANs and bearer tokens inside a text. */
export function scrubText(text: string): string {
  // Every pattern needs at least 11 characters; a card or TC Kimlik number needs 11 digits, an IBAN 2
  // letters then 2 digits, a token its scheme word. Most log texts fail all three first looks.
  if (text.length < 11) return text;
  let out = BEARER_HINT.test(text) ? text.replace(BEARER, `$1 ${FILTERED}`) : text;
  if (IBAN_HINT.test(out)) out = out.replace(IBAN_CANDIDATE, (m) => (isIban(m) ? FILTERED : m));
  if (countDigits(out, 11) < 11) return out;
  return out
    .replace(CARD_CANDIDATE, (m) => {
      const digits = m.replace(/[ -]/g, '');
      return digits.length >= 13 && digits.length <= 19 && luhnValid(digits) ? FILTERED : m;
    })
    .replace(TCKN_CANDIDATE, (m) => (isTcKimlikNo(m) ? FILTERED : m));
}

/** Keys remembered per scrubber: a batch repeats the same few keys on every log. */
const KEY_MEMORY = 4096;

/**
 * Builds a scrubber for a project's settings: `(value) => scrubbed value`. A value with nothing to
 * scrub comes back as it is (the same object), so a clean log costs no copies.
 */
export function createScrubber(settings: ScrubSettings | null | undefined): (value: unknown) => unknown {
  if (settings?.enabled === false) return (value) => value;
  const deny = [...DEFAULT_SECRET_KEYS, ...(settings?.denyKeys ?? [])].map((k) => k.toLowerCase());
  const allow = new Set((settings?.allowKeys ?? []).map((k) => k.toLowerCase()));
  const values = settings?.scrubValues !== false;
  const secretKeys = new Map<string, boolean>();
  const isSecretKey = (key: string) => {
    let secret = secretKeys.get(key);
    if (secret === undefined) {
      const lower = key.toLowerCase();
      secret = !allow.has(lower) && deny.some((fragment) => lower.includes(fragment));
      if (secretKeys.size < KEY_MEMORY) secretKeys.set(key, secret);
    }
    return secret;
  };
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return values ? scrubText(value) : value;
    if (value === null || typeof value !== 'object') return value;
    // Ingest refuses fields nested deeper (INGEST_LIMITS.maxObjectDepth): nothing unscrubbed passes.
    if (depth >= INGEST_LIMITS.maxObjectDepth) return FILTERED;
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        const scrubbed = walk(v, depth + 1);
        if (scrubbed !== v) (copy ??= value.slice())[i] = scrubbed;
      }
      return copy ?? value;
    }
    let copy: Record<string, unknown> | undefined;
    const record = value as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const v = record[key];
      const scrubbed = isSecretKey(key) && v !== null && v !== '' ? FILTERED : walk(v, depth + 1);
      // defineProperty: a JSON key named __proto__ stays an own key of the copy.
      if (scrubbed !== v) Object.defineProperty((copy ??= { ...record }), key, { value: scrubbed, enumerable: true, writable: true, configurable: true });
    }
    return copy ?? value;
  };
  return (value) => walk(value, 0);
}
