/**
 * PostgreSQL text and jsonb cannot hold U+0000 or unpaired UTF-16 surrogates; one such
 * character would make a whole batch fail on insert, for ever. Python's `json.dumps` writes both
 * as `\u` escapes (a NUL from binary data in a message, a half emoji cut by a slice), so they do
 * reach us. This rewrites them to U+FFFD (the replacement character) in JSON text, in one
 * native regex pass, keeping escaped backslashes (`\\u0000` is the six characters, not a NUL).
 */
const UNSTORABLE_ESCAPES = /\\\\|\\u0000|\\ud[89ab][0-9a-f]{2}(?:\\ud[c-f][0-9a-f]{2})?|\\ud[c-f][0-9a-f]{2}/gi;

function replaceUnstorable(match: string): string {
  if (match === '\\\\' || match.length === 12) return match; // an escaped backslash, or a valid surrogate pair
  return '\\ufffd';
}

/** JSON text with NUL and lone-surrogate escapes replaced by U+FFFD, storable in PostgreSQL. */
export function toStorableJsonText(json: string): string {
  return json.includes('\\u') ? json.replace(UNSTORABLE_ESCAPES, replaceUnstorable) : json;
}

/** JSON.stringify whose output PostgreSQL's json/jsonb input always accepts. */
export function stringifyStorable(value: unknown): string {
  return toStorableJsonText(JSON.stringify(value));
}
