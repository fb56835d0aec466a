/** What a `search` parameter asks for: every `include` term and none of the `exclude` terms. */
export interface SearchQuery {
  /** Words and quoted phrases that must all occur. */
  include: string[];
  /** Words and quoted phrases (written with a leading `-`) that must not occur. */
  exclude: string[];
}

/** Most terms one search may hold (each costs a pass over the candidate rows). */
export const MAX_SEARCH_TERMS = 10;

/**
 * Splits a search box into terms: bare words, `"quoted phrases"` (kept whole, inner spaces
 * included) and exclusions written `-word` or `-"a phrase"`. An unclosed quote runs to the end.
 * Matching is substring and case-insensitive with Turkish folding (see `searchPattern`).
 * Answers undefined when nothing searchable is left.
 */
export function parseSearch(raw: string): SearchQuery | undefined {
  const include: string[] = [];
  const exclude: string[] = [];
  const pattern = /(-?)(?:"([^"]*)"?|(\S+))/g;
  for (const match of raw.matchAll(pattern)) {
    const negated = match[1] === '-';
    const term = (match[2] ?? match[3] ?? '').replace(/\s+/g, ' ').trim();
    if (!term || (!negated && term === '-')) continue;
    (negated ? exclude : include).push(term);
    if (include.length + exclude.length >= MAX_SEARCH_TERMS) break;
  }
  return include.length + exclude.length > 0 ? { include, exclude } : undefined;
}

const I_FAMILY = 'iİıI';
const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/;

/**
 * A PostgreSQL regular expression matching `term` anywhere, case-insensitively with Turkish
 * folding: every letter becomes a class of its case forms (`ş` → `[şŞ]`) and the four i's are
 * one class (`[iİıI]`), so 'İSTANBUL' finds 'istanbul' and 'ışık' finds 'IŞIK'. Built here,
 * explicitly, so the result does not depend on the database's locale (lower() under a C locale
 * leaves 'Ş' alone), and a trigram index on the raw text can serve it.
 */
export function searchPattern(term: string): string {
  let pattern = '';
  for (const ch of term) {
    if (I_FAMILY.includes(ch)) {
      pattern += `[${I_FAMILY}]`;
      continue;
    }
    const forms = new Set([ch, ch.toLocaleLowerCase('tr-TR'), ch.toLocaleUpperCase('tr-TR'), ch.toLowerCase(), ch.toUpperCase()].filter((f) => [...f].length === 1));
    if (forms.size > 1) pattern += `[${[...forms].join('')}]`;
    else pattern += REGEX_SPECIAL.test(ch) ? `\\${ch}` : ch;
  }
  return pattern;
}
