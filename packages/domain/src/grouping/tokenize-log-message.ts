/** The placeholder shown for a variable part of a message. */
export const WILDCARD = '<*>';

/** Joined quoted values may span this many whitespace tokens at most. */
const MAX_QUOTED_TOKENS = 8;

/** Only the start of a message shapes it: what follows 4 KB never changes the template. */
const MAX_MESSAGE_CHARS = 4096;

/** A plain token this long is a blob (an encoded value), not a word. */
const MAX_WORD_CHARS = 128;

/** Characters that separate the parts of one token: `key=value`, `a:b`, `f(x)`, `[a, b]` … */
function isSegmentDelimiter(code: number): boolean {
  switch (code) {
    case 0x3d: // =
    case 0x3a: // :
    case 0x2c: // ,
    case 0x3b: // ;
    case 0x7c: // |
    case 0x28: // (
    case 0x29: // )
    case 0x5b: // [
    case 0x5d: // ]
    case 0x7b: // {
    case 0x7d: // }
    case 0x3c: // <
    case 0x3e: // >
    case 0x22: // "
    case 0x27: // '
    case 0x60: // `
      return true;
    default:
      return false;
  }
}

/** Whether the character at `i` separates segments; a dot leader ("instruction......0") does, a single dot does not. */
function isDelimiterAt(token: string, i: number, code: number): boolean {
  if (code === 0x2e) return token.charCodeAt(i + 1) === 0x2e || token.charCodeAt(i - 1) === 0x2e;
  return isSegmentDelimiter(code);
}

/** Literal values that are data, not wording: booleans and null-likes. */
const VALUE_WORDS = new Set(['true', 'false', 'True', 'False', 'TRUE', 'FALSE', 'null', 'NULL', 'Null', 'None', 'nil', 'undefined', 'NaN']);

/** Units that change with the magnitude of the number before them ("5.1 KB", "300 ms"). */
const MAGNITUDE_UNITS = new Set([
  'B', 'KB', 'MB', 'GB', 'TB', 'PB', 'kB', 'KiB', 'MiB', 'GiB', 'TiB', 'Kb', 'Mb', 'Gb',
  'ns', 'us', 'µs', 'ms', 's', 'sec', 'secs', 'min', 'mins', 'h', 'hr', 'hrs',
]);

const MONTHS = new Set(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
const WEEKDAYS = new Set(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0b || code === 0x0c;
}

function isOpeningPunctuation(code: number): boolean {
  return code === 0x28 || code === 0x5b || code === 0x7b || code === 0x3c || code === 0x22 || code === 0x27 || code === 0x60;
}

function isClosingPunctuation(code: number): boolean {
  return (
    code === 0x29 || code === 0x5d || code === 0x7d || code === 0x3e || code === 0x22 || code === 0x27 || code === 0x60 ||
    code === 0x2c || code === 0x3b || code === 0x3a || code === 0x2e || code === 0x21 || code === 0x3f
  );
}

function isPathChar(code: number): boolean {
  return isAsciiLetter(code) || code === 0x2e || code === 0x5f || code === 0x2d || code === 0x2f || code === 0x7e;
}

/**
 * A name of three or more dotted parts ("android.intent.action.MAIN", "mail.example.org",
 * "com.app/.MainActivity"): package, class and host names, which messages carry as values.
 */
function isDottedName(segment: string): boolean {
  let dots = 0;
  let partLength = 0;
  for (let i = 0; i < segment.length; i++) {
    const code = segment.charCodeAt(i);
    if (code === 0x2e) {
      if (partLength === 0) return false;
      dots++;
      partLength = 0;
    } else if (code === 0x2f) {
      if (dots >= 2 && partLength > 0) return true;
      dots = 0;
      partLength = 0;
    } else if (isAsciiLetter(code) || code === 0x5f || code === 0x24 || (partLength > 0 && (isDigit(code) || code === 0x2d))) {
      partLength++;
    } else {
      return false;
    }
  }
  return dots >= 2 && partLength > 0;
}

/** True when a segment of a token is a value by itself: a number-bearing word, a boolean, a null, a dotted name. */
function isVariableSegment(segment: string): boolean {
  for (let i = 0; i < segment.length; i++) {
    if (isDigit(segment.charCodeAt(i))) return true;
  }
  return VALUE_WORDS.has(segment) || isDottedName(segment);
}

/**
 * Whether a whole token is variable data rather than wording. Generic recognisers only:
 * anything carrying a digit (numbers, hex, ids, UUIDs, IPs, ports, durations, sizes, versions,
 * timestamps), booleans and nulls (also as `key=value` values), dotted package, class and
 * host names, absolute paths, URLs and e-mail addresses. Quoted values are handled by {@link tokenizeLogMessage}.
 */
export function isVariableToken(token: string): boolean {
  const length = token.length;
  let segmentStart = 0;
  let dots = 0;
  for (let i = 0; i <= length; i++) {
    const code = i < length ? token.charCodeAt(i) : -1;
    if (isDigit(code)) return true;
    if (code === -1 || isDelimiterAt(token, i, code)) {
      // Slicing only segments that could be a value word or a dotted name keeps this fast.
      const size = i - segmentStart;
      if (size >= 3 && (dots >= 2 || size <= 9) && isVariableSegment(token.slice(segmentStart, i))) return true;
      segmentStart = i + 1;
      dots = 0;
    } else if (code === 0x2e) {
      dots++;
    }
  }

  let start = 0;
  let end = length;
  while (start < end && isOpeningPunctuation(token.charCodeAt(start))) start++;
  while (end > start && isClosingPunctuation(token.charCodeAt(end - 1))) end--;
  if (end - start < 2) return false;
  const first = token.charCodeAt(start);
  // Absolute or home-relative paths ("/var/lib/x", "~/x"); a lone "/" is wording.
  if ((first === 0x2f || first === 0x7e) && isPathChar(token.charCodeAt(start + 1))) return true;
  if (token.includes('://')) return true;
  const at = token.indexOf('@', start);
  if (at > start && at < end - 3) {
    const dot = token.indexOf('.', at);
    if (dot > at + 1 && dot < end - 1) return true;
  }
  // Windows paths: C:\dir
  return end - start > 3 && isAsciiLetter(first) && token.charCodeAt(start + 1) === 0x3a && token.charCodeAt(start + 2) === 0x5c;
}

/**
 * Replaces quoted values inside a token by `<*>`: `"x"`, `'x'` and `` `x` `` at the start of
 * the token or after `=`, `:`, `(`, `[`, `{`, `,` (so apostrophes in "can't" stay).
 */
function maskQuotedValues(token: string): string {
  let out = '';
  let i = 0;
  let changed = false;
  while (i < token.length) {
    const code = token.charCodeAt(i);
    const isQuote = code === 0x22 || code === 0x27 || code === 0x60;
    const opensValue = i === 0 || '=:([{,'.includes(token[i - 1] as string);
    if (isQuote && opensValue) {
      const close = token.indexOf(token[i] as string, i + 1);
      if (close > i) {
        out += token[i] + WILDCARD + token[i];
        i = close + 1;
        changed = true;
        continue;
      }
    }
    out += token[i];
    i++;
  }
  return changed ? out : token;
}

/**
 * Replaces only the variable segments of a token: `(uid=0)` → `(uid=<*>)`. A token whose
 * variable part is not one segment (a path, a URL) becomes `<*>` as a whole.
 */
function maskVariableSegments(token: string, alreadyMasked: boolean): string {
  let out = '';
  let segmentStart = 0;
  let masked = alreadyMasked;
  for (let i = 0; i <= token.length; i++) {
    const code = i < token.length ? token.charCodeAt(i) : -1;
    if (code === -1 || isDelimiterAt(token, i, code)) {
      if (i > segmentStart) {
        const segment = token.slice(segmentStart, i);
        if (isVariableSegment(segment)) {
          out += WILDCARD;
          masked = true;
        } else {
          out += segment;
        }
      }
      if (code !== -1) out += token[i];
      segmentStart = i + 1;
    }
  }
  return masked ? out : WILDCARD;
}

function hasQuote(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    if (code === 0x22 || code === 0x27 || code === 0x60) return true;
  }
  return false;
}

/** The token with its variable parts as `<*>`, or the token itself when it is wording. */
export function maskToken(token: string): string {
  const quoted = hasQuote(token) ? maskQuotedValues(token) : token;
  if (quoted !== token) return maskVariableSegments(quoted, true);
  if (isVariableToken(token)) return maskVariableSegments(token, false);
  return token.length > MAX_WORD_CHARS ? WILDCARD : token;
}

function isDateWord(token: string): boolean {
  const word = token.length > 3 && token.charCodeAt(3) === 0x2c ? token.slice(0, 3) : token;
  return MONTHS.has(word) || WEEKDAYS.has(word);
}

function countChar(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) n++;
  return n;
}

/** Splits on whitespace, keeping a double-quoted `key="value"` that contains spaces in one token. */
function splitTokens(message: string): string[] {
  const tokens: string[] = [];
  const length = message.length;
  let i = 0;
  while (i < length) {
    while (i < length && isSpace(message.charCodeAt(i))) i++;
    if (i >= length) break;
    const start = i;
    while (i < length && !isSpace(message.charCodeAt(i))) i++;
    tokens.push(message.slice(start, i));
  }
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t] as string;
    // Only `key="a value"`: a bare quoted phrase ("GET /x HTTP/1.1") keeps its words apart.
    if (countChar(token, '"') % 2 === 0 || !/[=:]"/.test(token)) continue;
    for (let end = t + 1; end < tokens.length && end <= t + MAX_QUOTED_TOKENS; end++) {
      if (countChar(tokens[end] as string, '"') % 2 === 1) {
        tokens.splice(t, end - t + 1, tokens.slice(t, end + 1).join(' '));
        break;
      }
    }
  }
  return tokens;
}

function stripPunctuation(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && isOpeningPunctuation(token.charCodeAt(start))) start++;
  while (end > start && isClosingPunctuation(token.charCodeAt(end - 1))) end--;
  return token.slice(start, end);
}

/** Separators and signs that stay inside one value: `12:16:49`, `10.0.0.1:80`, `<1`, `~5`, `+3`, `50%`, `#7`, `$9`. */
const VALUE_PUNCTUATION = ':.-/<>~+%#$';

/** `<*>:<*>:<*>`, `<<*>`: values joined by separators and signs only, i.e. one value (a time, an address). */
function isValueOnly(masked: string): boolean {
  for (let i = 0; i < masked.length; i++) {
    if (masked.startsWith(WILDCARD, i)) {
      i += WILDCARD.length - 1;
      continue;
    }
    if (!VALUE_PUNCTUATION.includes(masked[i] as string)) return false;
  }
  return true;
}

/**
 * Splits a message into whitespace tokens with their variable parts replaced by `<*>`: the
 * shape that templates are built from and matched against.
 *
 * Besides {@link isVariableToken}: quoted values (also spanning spaces), units after a
 * number ("5.1 KB"), and month and weekday names next to a number ("Sat Jul  9"), which is
 * how dates are written. A run of whole-token variables becomes one `<*>`, so lists of values
 * of any length ("delete blk_1 blk_2 blk_3") share a template. Plain tokens over 128 characters are
 * variables (blobs); only the first 4 KB of a message count.
 */
export function tokenizeLogMessage(message: string): string[] {
  const raw = splitTokens(message.length > MAX_MESSAGE_CHARS ? message.slice(0, MAX_MESSAGE_CHARS) : message);
  const masked = raw.map(maskToken);
  const shape: string[] = [];
  for (let t = 0; t < raw.length; t++) {
    const token = raw[t] as string;
    let value = masked[t] as string;
    if (value === token && t > 0 && (masked[t - 1] as string).endsWith(WILDCARD)) {
      const core = stripPunctuation(token);
      if (MAGNITUDE_UNITS.has(core)) value = token.replace(core, WILDCARD);
    }
    if (value === token && token.length >= 3 && token.length <= 4 && isDateWord(token)) {
      const nextRaw = raw[t + 1];
      const prevRaw = raw[t - 1];
      const besideValue =
        (nextRaw !== undefined && (masked[t + 1] !== nextRaw || isDateWord(nextRaw))) ||
        (prevRaw !== undefined && (masked[t - 1] !== prevRaw || isDateWord(prevRaw)));
      if (besideValue) value = WILDCARD;
    }
    if (value !== token && isValueOnly(value)) value = WILDCARD;
    if (value === WILDCARD && shape[shape.length - 1] === WILDCARD) continue;
    shape.push(value);
  }
  return shape;
}
